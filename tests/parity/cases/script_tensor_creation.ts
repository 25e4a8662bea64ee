# Exercises tensor creation: arange, linspace, full, eye, zeros/ones, *_like, from lists, dtypes.
import torch


def describe(name: str, t: torch.Tensor) -> None:
    print(f"{name}: shape={tuple(t.shape)} dtype={t.dtype}")
    print(t)


def main():
    a = torch.arange(10)
    describe("arange(10)", a)
    b = torch.arange(1, 4, 0.5)
    describe("arange(1,4,0.5)", b)
    c = torch.linspace(0, 1, steps=5)
    describe("linspace", c)
    d = torch.logspace(0, 3, steps=4)
    describe("logspace", d)
    e = torch.full((2, 3), 7)
    describe("full int", e)
    f = torch.full((2, 2), 3.5)
    describe("full float", f)
    g = torch.eye(3)
    describe("eye(3)", g)
    h = torch.eye(2, 4, dtype=torch.int64)
    describe("eye(2,4)", h)
    z = torch.zeros(2, 3, dtype=torch.float64)
    describe("zeros f64", z)
    o = torch.ones_like(z)
    describe("ones_like", o)
    zl = torch.zeros_like(e)
    describe("zeros_like int", zl)
    fl = torch.full_like(f, -1.0)
    describe("full_like", fl)
    lst = torch.tensor([[1, 2, 3], [4, 5, 6]])
    describe("from list int", lst)
    lstf = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    describe("from list float", lstf)
    bools = torch.tensor([True, False, True])
    describe("bools", bools)
    emp = torch.empty(0, 3)
    print("empty numel:", emp.numel(), "shape:", list(emp.shape))
    # Creation from python ranges and comprehensions
    squares = torch.tensor([i * i for i in range(6)])
    describe("squares", squares)
    tri = torch.tril(torch.ones(4, 4))
    describe("tril", tri)
    triu = torch.triu(torch.arange(1, 10).reshape(3, 3), diagonal=1)
    describe("triu", triu)
    diag = torch.diag(torch.tensor([1.0, 2.0, 3.0]))
    describe("diag", diag)
    print("diag of diag:", torch.diag(diag))
    # Type helpers
    print("is_floating_point:", c.is_floating_point(), a.is_floating_point())
    print("element_size:", a.element_size(), c.element_size(), z.element_size())
    print("tolist:", lst.tolist())
    print("item:", torch.tensor(3.25).item())
    print("sum of arange:", int(a.sum().item()))
    print("dim:", lst.dim(), "size(1):", lst.size(1), "numel:", lst.numel())
    r = torch.arange(12).view(3, 4)
    print("contiguous:", r.is_contiguous(), r.t().is_contiguous())


if __name__ == "__main__":
    main()
