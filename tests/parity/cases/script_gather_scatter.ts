# Exercises gather, scatter, scatter_add, scatter_reduce-free one-hot encoding and label picking.
import torch


def one_hot_scatter(labels: torch.Tensor, num_classes: int) -> torch.Tensor:
    out = torch.zeros(labels.size(0), num_classes)
    out.scatter_(1, labels.unsqueeze(1), 1.0)
    return out


def pick_log_probs(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    logp = torch.log_softmax(logits, dim=1)
    return logp.gather(1, targets.view(-1, 1)).squeeze(1)


def main():
    torch.manual_seed(1)
    t = torch.tensor([[1, 2], [3, 4]])
    g = torch.gather(t, 1, torch.tensor([[0, 0], [1, 0]]))
    print("gather dim1:\n", g)
    g0 = torch.gather(t, 0, torch.tensor([[1, 0], [0, 1]]))
    print("gather dim0:\n", g0)

    labels = torch.tensor([2, 0, 1, 3, 2])
    oh = one_hot_scatter(labels, 4)
    print("one hot:\n", oh)
    print("matches F.one_hot:", torch.equal(oh.long(), torch.nn.functional.one_hot(labels, 4)))
    print("argmax back:", oh.argmax(dim=1))

    logits = torch.randn(5, 4)
    picked = pick_log_probs(logits, labels)
    print("picked log probs:", [f"{v:.4f}" for v in picked.tolist()])
    nll = -picked.mean()
    ce = torch.nn.functional.cross_entropy(logits, labels)
    print(f"manual nll={nll.item():.5f} cross_entropy={ce.item():.5f}")

    # scatter_add: histogram-like accumulation
    idx = torch.tensor([0, 1, 0, 2, 2, 2, 4])
    src = torch.ones(7)
    acc = torch.zeros(5).scatter_add(0, idx, src)
    print("scatter_add counts:", acc)
    print("bincount agrees:", torch.bincount(idx, minlength=5).float().equal(acc))

    # segment sum with scatter_add on 2D
    values = torch.arange(12, dtype=torch.float32).view(6, 2)
    seg = torch.tensor([0, 0, 1, 1, 1, 2])
    sums = torch.zeros(3, 2).scatter_add_(0, seg.unsqueeze(1).expand(-1, 2), values)
    print("segment sums:\n", sums)
    counts = torch.bincount(seg).float().unsqueeze(1)
    print("segment means:\n", sums / counts)

    # scatter with a scalar value and a src tensor
    base = torch.zeros(3, 5)
    index = torch.tensor([[0, 1, 2, 0, 0], [2, 0, 0, 1, 2]])
    src2 = torch.arange(1, 11, dtype=torch.float32).view(2, 5)
    print("scatter src dim0:\n", base.scatter(0, index, src2))

    # take_along_dim with topk indices
    scores = torch.randn(3, 6)
    vals, inds = scores.topk(2, dim=1)
    again = torch.take_along_dim(scores, inds, dim=1)
    print("topk vals == take_along_dim:", torch.equal(vals, again))
    print("topk indices:\n", inds)

    # gather for batched sequence last-element selection
    seq = torch.arange(2 * 5 * 3, dtype=torch.float32).view(2, 5, 3)
    lengths = torch.tensor([3, 5])
    last_idx = (lengths - 1).view(-1, 1, 1).expand(-1, 1, 3)
    last = seq.gather(1, last_idx).squeeze(1)
    print("last valid step:\n", last)


if __name__ == "__main__":
    main()
