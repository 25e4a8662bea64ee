# Exercises view/reshape/permute/transpose/flatten/unflatten, stack/cat/hstack/vstack, split/chunk/tensor_split, squeeze/unsqueeze.
import torch
from typing import List


def shapes(ts: List[torch.Tensor]) -> List[List[int]]:
    return [list(t.shape) for t in ts]


def main():
    x = torch.arange(24)
    a = x.view(2, 3, 4)
    print("view:", a.shape)
    print("reshape -1:", x.reshape(4, -1).shape)
    p = a.permute(2, 0, 1)
    print("permute:", p.shape, "contiguous:", p.is_contiguous())
    print("permute[1]:\n", p[1])
    t = a.transpose(0, 2)
    print("transpose shape:", t.shape)
    print("flatten:", a.flatten().shape, "flatten(1):", a.flatten(1).shape)
    print("unflatten:", x.unflatten(0, (4, 6)).shape)
    try:
        t.view(24)
        print("view on non-contiguous worked")
    except RuntimeError:
        print("view on non-contiguous failed; reshape:", t.reshape(24)[:5])
    print("contiguous().view:", t.contiguous().view(-1)[:6])

    u = torch.tensor([1.0, 2.0, 3.0])
    print("unsqueeze(0):", u.unsqueeze(0).shape, "unsqueeze(-1):", u.unsqueeze(-1).shape)
    s = torch.zeros(1, 3, 1, 2)
    print("squeeze:", s.squeeze().shape, "squeeze(0):", s.squeeze(0).shape, "squeeze(1):", s.squeeze(1).shape)

    m1 = torch.ones(2, 3)
    m2 = torch.zeros(2, 3)
    print("cat dim0:", torch.cat([m1, m2]).shape, "cat dim1:", torch.cat((m1, m2), dim=1).shape)
    print("stack dim0:", torch.stack([m1, m2]).shape, "stack dim2:", torch.stack([m1, m2], dim=2).shape)
    print("hstack:", torch.hstack([m1, m2]).shape, "vstack:", torch.vstack([m1, m2]).shape)
    print("dstack:", torch.dstack([m1, m2]).shape)
    print("column_stack:\n", torch.column_stack([torch.tensor([1, 2]), torch.tensor([3, 4])]))

    y = torch.arange(10)
    print("split(3):", [c.tolist() for c in torch.split(y, 3)])
    print("split sizes:", [c.tolist() for c in y.split([2, 5, 3])])
    print("chunk(4):", [c.tolist() for c in y.chunk(4)])
    print("tensor_split(3):", [c.tolist() for c in torch.tensor_split(y, 3)])
    print("tensor_split idx:", [c.tolist() for c in torch.tensor_split(y, [1, 6])])
    mat = torch.arange(12).view(3, 4)
    print("chunk dim1 shapes:", shapes(list(mat.chunk(2, dim=1))))
    print("unbind:", [r.tolist() for r in mat.unbind(0)])

    # repeat / tile / repeat_interleave
    r = torch.tensor([1, 2, 3])
    print("repeat:", r.repeat(2), r.repeat(2, 2).shape)
    print("tile:\n", torch.tile(torch.tensor([[1, 2]]), (2, 2)))
    print("repeat_interleave:", r.repeat_interleave(2))
    print("repeat_interleave counts:", torch.repeat_interleave(r, torch.tensor([1, 0, 3])))

    # roll, flip, rot90
    g = torch.arange(6).view(2, 3)
    print("roll 1 dim1:\n", g.roll(1, dims=1))
    print("flip dim0:\n", g.flip(0))
    print("rot90:\n", torch.rot90(g, 1, [0, 1]))

    # movedim and channel-last conversion
    img = torch.arange(2 * 3 * 4 * 5).view(2, 3, 4, 5)
    cl = img.movedim(1, -1)
    print("channels-last shape:", cl.shape)
    print("roundtrip equal:", torch.equal(cl.permute(0, 3, 1, 2), img))
    print("swapaxes:", img.swapaxes(0, 3).shape)
    print("T on 2d:", g.T.shape, "mT on 3d:", img[0].mT.shape)


if __name__ == "__main__":
    main()
