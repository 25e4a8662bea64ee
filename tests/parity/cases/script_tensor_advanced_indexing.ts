# Exercises advanced indexing: boolean masks, integer arrays, ellipsis/None, index assignment and masked_fill.
import torch


def main():
    torch.manual_seed(0)
    x = torch.arange(24).reshape(4, 6)
    print(x)
    print("row list:", x[[0, 2]].tolist())
    print("pairs:", x[[0, 1, 3], [5, 0, 2]].tolist())
    print("tensor idx:", x[torch.tensor([3, 0])][:, torch.tensor([1, 1])].tolist())
    print("bool rows:", x[torch.tensor([True, False, True, False])].tolist())
    print("mask > 15:", x[x > 15].tolist())
    print("step slicing:", x[::2, 1::2].tolist())
    print("negative:", x[-1, -3:].tolist())
    print("ellipsis:", tuple(x[..., None].shape), tuple(x[None, :, None].shape))
    print("ix_ like:", x[torch.tensor([[0], [3]]), torch.tensor([[1, 4]])].tolist())

    y = x.clone().float()
    y[y % 5 == 0] = -1.0
    print("assign via mask:")
    print(y)
    y[:, 0] = torch.tensor([9.0, 8.0, 7.0, 6.0])
    y[1:3, 2:4] = 0.0
    print("after slice writes:", y[:, :4].tolist())
    y[torch.tensor([0, 3]), torch.tensor([5, 5])] += 100.0
    print("last col:", y[:, 5].tolist())

    scores = torch.randn(3, 5)
    lengths = torch.tensor([2, 5, 3])
    mask = torch.arange(5)[None, :] >= lengths[:, None]
    print("padding mask:")
    print(mask)
    filled = scores.masked_fill(mask, float("-inf"))
    probs = filled.softmax(-1)
    print("probs rows sum:", [round(v, 4) for v in probs.sum(-1).tolist()])
    print("zeros on pad:", bool((probs[mask] == 0).all().item()))
    scores.masked_fill_(mask, 0.0)
    print("masked_fill_ zeros:", int((scores == 0).sum().item()))

    batch = torch.arange(2 * 3 * 4).reshape(2, 3, 4)
    pick = torch.tensor([2, 0])
    print("per-batch row:", batch[torch.arange(2), pick].tolist())
    print("take:", torch.take(batch, torch.tensor([0, 5, 23])).tolist())
    print("take_along_dim:", torch.take_along_dim(batch, torch.tensor([[[1], [0], [3]]]), dim=2).squeeze(-1).tolist())
    print("index_select:", batch.index_select(2, torch.tensor([3, 0]))[1].tolist())

    z = torch.zeros(3, 3, dtype=torch.long)
    z[torch.tensor([0, 1, 2]), torch.tensor([2, 1, 0])] = torch.tensor([7, 8, 9])
    print("anti-diagonal:", z.tolist())
    z.index_fill_(1, torch.tensor([0]), -1)
    print("index_fill_:", z.tolist())
    w = torch.zeros(2, 4)
    w.masked_scatter_(torch.tensor([[True, False, True, False], [False, True, False, True]]), torch.arange(1.0, 5.0))
    print("masked_scatter_:", w.tolist())
    v = torch.arange(5.0)
    v[v > 2] *= 10
    print("in-place masked multiply:", v.tolist())


if __name__ == "__main__":
    main()
