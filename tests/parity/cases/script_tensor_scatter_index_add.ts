# Exercises scatter_add, index_add_, scatter_reduce, gather and bincount for segment sums and histograms.
import torch


def segment_mean(values: torch.Tensor, segments: torch.Tensor, n: int) -> torch.Tensor:
    sums = torch.zeros(n).scatter_add(0, segments, values)
    counts = torch.zeros(n).scatter_add(0, segments, torch.ones_like(values))
    return sums / counts.clamp(min=1)


def main():
    torch.manual_seed(0)
    values = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0])
    seg = torch.tensor([0, 0, 1, 2, 2, 2, 4])
    print("segment means:", segment_mean(values, seg, 5).tolist())
    print("bincount:", torch.bincount(seg).tolist())
    print("bincount weighted:", torch.bincount(seg, weights=values, minlength=6).tolist())

    acc = torch.zeros(3, 4)
    idx = torch.tensor([0, 2, 0])
    src = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    acc.index_add_(0, idx, src)
    print("index_add_:")
    print(acc)
    acc2 = torch.zeros(3, 4).index_add(1, torch.tensor([3, 3, 0, 1]), src, alpha=0.5)
    print("index_add alpha=0.5 along dim 1:")
    print(acc2)

    out = torch.zeros(2, 5)
    index = torch.tensor([[0, 1, 2, 0, 0], [2, 0, 0, 1, 2]])
    out.scatter_add_(1, index, torch.ones(2, 5))
    print("scatter_add_ counts:")
    print(out)
    onehot = torch.zeros(4, 3).scatter_(1, torch.tensor([[2], [0], [1], [2]]), 1.0)
    print("one hot via scatter_:")
    print(onehot)

    r = torch.zeros(3).scatter_reduce(0, seg[:6].clamp(max=2), values[:6], reduce="amax", include_self=False)
    print("scatter_reduce amax:", r.tolist())
    r2 = torch.ones(3).scatter_reduce(0, torch.tensor([0, 1, 1, 2]), torch.tensor([2.0, 3.0, 4.0, 5.0]), reduce="prod")
    print("scatter_reduce prod:", r2.tolist())

    scores = torch.randn(4, 6)
    labels = torch.tensor([5, 0, 3, 3])
    picked = scores.gather(1, labels.unsqueeze(1)).squeeze(1)
    direct = scores[torch.arange(4), labels]
    print("gather == fancy index:", torch.equal(picked, direct))
    print("picked:", [round(v, 4) for v in picked.tolist()])

    data = torch.randn(1000)
    edges = torch.linspace(-3, 3, 7)
    bucket = torch.bucketize(data.clamp(-2.999, 2.999), edges)
    hist = torch.bincount(bucket, minlength=8)
    print("bucket histogram:", hist.tolist(), "total", int(hist.sum().item()))
    th = torch.histc(data, bins=6, min=-3, max=3)
    print("histc:", th.tolist())

    emb = torch.zeros(5, 2)
    grads = torch.tensor([[1.0, 1.0], [2.0, 0.0], [0.0, 3.0]])
    rows = torch.tensor([1, 4, 1])
    emb.index_put_((rows,), grads, accumulate=True)
    print("index_put_ accumulate:")
    print(emb)


if __name__ == "__main__":
    main()
