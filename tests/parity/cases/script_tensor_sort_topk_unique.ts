# Exercises sort/argsort/topk/kthvalue, unique with inverse and counts, unique_consecutive and searchsorted.
import torch


def main():
    torch.manual_seed(0)
    x = torch.tensor([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0, 5.0, 3.0])
    vals, idx = torch.sort(x)
    print("sorted:", vals.tolist())
    print("indices stable:", torch.sort(x, stable=True).indices.tolist())
    print("descending:", torch.sort(x, descending=True).values.tolist())
    print("argsort:", torch.argsort(x, descending=True, stable=True).tolist())
    top = torch.topk(x, 3)
    print("top3 values", top.values.tolist(), "indices", top.indices.tolist())
    low = x.topk(2, largest=False)
    print("bottom2", low.values.tolist(), low.indices.tolist())
    kv = torch.kthvalue(x, 4)
    print("4th smallest:", kv.values.item(), "at", kv.indices.item())
    print("median:", x.median().item(), "msort check:", torch.equal(torch.msort(x), vals))

    u = torch.unique(x)
    print("unique:", u.tolist())
    u2, inv, cnt = torch.unique(x, return_inverse=True, return_counts=True)
    print("inverse:", inv.tolist())
    print("counts:", cnt.tolist())
    print("reconstruct ok:", torch.equal(u2[inv], x))
    runs = torch.tensor([1, 1, 2, 2, 2, 3, 1, 1])
    uc, cc = torch.unique_consecutive(runs, return_counts=True)
    print("run-length:", list(zip(uc.tolist(), cc.tolist())))

    m = torch.randint(0, 5, (4, 6))
    print("matrix:")
    print(m)
    rows = torch.unique(torch.tensor([[1, 2], [3, 4], [1, 2]]), dim=0)
    print("unique rows:", rows.tolist())
    sv, si = m.sort(dim=1)
    print("row-sorted:")
    print(sv)
    print("col max:", m.max(dim=0).values.tolist(), "argmax:", m.argmax(dim=0).tolist())

    boundaries = torch.tensor([0.0, 1.0, 2.5, 4.0])
    q = torch.tensor([-1.0, 0.0, 0.5, 2.5, 3.0, 10.0])
    print("searchsorted left:", torch.searchsorted(boundaries, q).tolist())
    print("searchsorted right:", torch.searchsorted(boundaries, q, right=True).tolist())

    scores = torch.randn(3, 5)
    k = 2
    t = scores.topk(k, dim=1)
    mask = torch.zeros_like(scores, dtype=torch.bool).scatter(1, t.indices, True)
    print("top-k mask:")
    print(mask)
    ranks = scores.argsort(dim=1).argsort(dim=1)
    print("ranks:")
    print(ranks)
    print("sum of ranks per row:", ranks.sum(1).tolist())


if __name__ == "__main__":
    main()
