# Exercises basic slicing, negative indices, boolean masks, advanced (integer) indexing, index_select, masked_fill, where.
import torch


def main():
    torch.manual_seed(0)
    x = torch.arange(24).reshape(4, 6)
    print("x:\n", x)
    print("row 1:", x[1])
    print("col 2:", x[:, 2])
    print("last row:", x[-1])
    print("slice [1:3, ::2]:\n", x[1:3, ::2])
    print("reverse-ish via flip:\n", torch.flip(x, dims=[1])[0])
    print("x[2, 3] =", x[2, 3].item())
    print("x[..., -1]:", x[..., -1])
    print("x[None] shape:", x[None].shape)
    print("x[:, None, :] shape:", x[:, None, :].shape)

    # boolean masking
    mask = x % 5 == 0
    print("mask sum:", int(mask.sum()))
    print("multiples of 5:", x[mask])
    y = x.clone()
    y[mask] = -1
    print("after masked assign:\n", y)
    z = x.masked_fill(x > 20, 0)
    print("masked_fill > 20:\n", z)
    w = torch.where(x % 2 == 0, x, -x)
    print("where even:\n", w)

    # integer array indexing
    rows = torch.tensor([0, 2, 3])
    cols = torch.tensor([1, 4, 5])
    print("x[rows, cols]:", x[rows, cols])
    print("x[rows]:\n", x[rows])
    print("x[:, cols]:\n", x[:, cols])
    print("index_select dim0:\n", torch.index_select(x, 0, torch.tensor([3, 0])))
    print("index_select dim1:\n", x.index_select(1, torch.tensor([5, 0])))

    # assignment with slices
    a = torch.zeros(3, 4)
    a[0, :] = 1.0
    a[:, 1] = 2.0
    a[1:, 2:] = torch.tensor([[5.0, 6.0], [7.0, 8.0]])
    print("assigned a:\n", a)

    # index_put / index_add
    b = torch.zeros(5)
    b.index_add_(0, torch.tensor([0, 1, 1, 4]), torch.tensor([1.0, 2.0, 3.0, 4.0]))
    print("index_add:", b)
    c = torch.zeros(5)
    c[torch.tensor([1, 3])] = torch.tensor([9.0, 8.0])
    print("fancy assign:", c)

    # nonzero / argwhere
    r = torch.randn(3, 3)
    print("r rounded:\n", r.round(decimals=2))
    pos = r > 0
    print("positive count:", pos.sum().item())
    print("nonzero:\n", torch.nonzero(pos))
    print("nonzero as_tuple lens:", [t.numel() for t in torch.nonzero(pos, as_tuple=True)])
    print("masked_select:", torch.masked_select(r, pos).round(decimals=3))
    print("any/all:", bool(pos.any()), bool(pos.all()))

    # take and narrow
    print("take:", torch.take(x, torch.tensor([0, 7, 23])))
    print("narrow:\n", x.narrow(1, 2, 3))
    print("select:", x.select(0, 3))
    print("unbind lens:", [len(t) for t in x.unbind(1)])


if __name__ == "__main__":
    main()
