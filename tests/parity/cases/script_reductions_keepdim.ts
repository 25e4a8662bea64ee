# Exercises reductions with dim/keepdim: sum, mean, prod, max/min (values, indices), amax, std/var, norm, all/any, count_nonzero.
import torch


def fmt(t: torch.Tensor) -> str:
    return "[" + ", ".join(f"{v:.3f}" for v in t.flatten().tolist()) + "]"


def main():
    torch.manual_seed(3)
    x = torch.randn(3, 4)
    print("x:", fmt(x))
    print("sum all:", f"{x.sum().item():.4f}")
    print("sum dim0:", fmt(x.sum(dim=0)))
    print("sum dim1 keepdim shape:", x.sum(dim=1, keepdim=True).shape)
    print("mean dim1:", fmt(x.mean(1)))
    print("mean dims (0,1):", f"{x.mean(dim=(0, 1)).item():.4f}")
    print("prod dim1:", fmt(x.prod(1)))

    mx = x.max(dim=1)
    print("max values:", fmt(mx.values), "indices:", mx.indices.tolist())
    vals, idxs = torch.min(x, dim=0)
    print("min values:", fmt(vals), "indices:", idxs.tolist())
    print("max overall:", f"{x.max().item():.4f}", "argmax flat:", x.argmax().item())
    print("amax dim0:", fmt(x.amax(0)), "amin dim1:", fmt(x.amin(1)))
    mk = x.max(dim=0, keepdim=True)
    print("max keepdim shapes:", mk.values.shape, mk.indices.shape)
    print("aminmax:", [fmt(t) for t in torch.aminmax(x, dim=1)])

    print("std (unbiased) dim1:", fmt(x.std(1)))
    print("std (biased) dim1:", fmt(x.std(1, unbiased=False)))
    print("var dim0:", fmt(x.var(0)))
    sv = torch.std_mean(x, dim=1)
    print("std_mean:", fmt(sv[0]), fmt(sv[1]))
    print("var_mean all:", [f"{t.item():.4f}" for t in torch.var_mean(x)])

    print("norm fro:", f"{x.norm().item():.4f}")
    print("norm p=1 dim1:", fmt(x.norm(p=1, dim=1)))
    print("linalg.vector_norm inf:", f"{torch.linalg.vector_norm(x, ord=float('inf')).item():.4f}")
    print("logsumexp dim1:", fmt(torch.logsumexp(x, dim=1)))

    b = x > 0
    print("any dim1:", b.any(dim=1).tolist(), "all dim0:", b.all(dim=0).tolist())
    print("count_nonzero dim0:", torch.count_nonzero(b, dim=0).tolist())
    print("sum of bools dtype:", b.sum().dtype, b.sum().item())

    ints = torch.arange(1, 13).view(3, 4)
    print("int sum dtype:", ints.sum().dtype, "mean float:", ints.float().mean().item())
    print("int prod dim0:", ints.prod(0).tolist())
    print("sum dtype arg:", ints.sum(dtype=torch.float64).dtype)
    try:
        ints.mean()
        print("int mean worked")
    except RuntimeError:
        print("int mean raises RuntimeError")

    # nan-aware reductions
    n = torch.tensor([1.0, float("nan"), 3.0, 4.0])
    print("sum with nan:", n.sum().item() != n.sum().item())
    print("nansum:", n.nansum().item(), "nanmean:", f"{n.nanmean().item():.4f}")
    print("isnan:", torch.isnan(n).tolist())
    print("nan_to_num:", torch.nan_to_num(n, nan=0.0).tolist())

    # reductions over 3d with multiple dims
    y = torch.arange(24, dtype=torch.float32).view(2, 3, 4)
    print("sum (0,2):", y.sum(dim=(0, 2)).tolist())
    print("mean (-1) keepdim:", y.mean(-1, keepdim=True).shape)
    print("max over last then first:", y.max(-1).values.max(0).values.tolist())
    print("cumulative check:", y.sum().item() == sum(range(24)))


if __name__ == "__main__":
    main()
