# torch.normal (four forms), torch.multinomial, torch.unique / Tensor.unique, Tensor.new_tensor,
# F.softsign / F.tanhshrink, and the i0 / renorm gradients, against PyTorch.
import torch
import torch.nn.functional as F


def main() -> None:
    torch.manual_seed(0)
    mean = torch.arange(6.0).reshape(2, 3)
    print(torch.normal(mean, 0.5))
    print(torch.normal(1.5, torch.tensor([0.1, 1.0, 2.0])))
    print(torch.normal(mean, torch.full((2, 3), 0.25)))
    print(torch.normal(2.0, 3.0, (2, 2)))
    g = torch.Generator()
    g.manual_seed(7)
    print(torch.normal(0.0, 1.0, (3,), generator=g))

    probs = torch.tensor([[0.1, 0.2, 0.3, 0.4], [0.7, 0.1, 0.1, 0.1]])
    torch.manual_seed(1)
    print(torch.multinomial(probs, 2))
    print(torch.multinomial(probs, 6, replacement=True))
    print(probs[0].multinomial(1))
    g.manual_seed(3)
    print(torch.multinomial(probs[1], 4, True, generator=g))

    x = torch.tensor([3, 1, 2, 3, 1, 5])
    print(torch.unique(x))
    u, inv = torch.unique(x, return_inverse=True)
    print(u, inv)
    u2, counts = torch.unique(x, sorted=True, return_counts=True)
    print(u2, counts)
    u3, inv3, c3 = x.unique(return_inverse=True, return_counts=True)
    print(u3, inv3, c3)
    rows = torch.tensor([[1, 2], [3, 4], [1, 2]])
    print(torch.unique(rows, dim=0))
    print(rows.unique())

    base = torch.zeros(2, dtype=torch.float64)
    t = base.new_tensor([1, 2, 3])
    print(t, t.dtype)
    print(base.new_tensor(2.5), base.new_tensor([[1.0, 2.0]], dtype=torch.int32))
    print(base.new_tensor([True, False]).dtype, base.new_tensor([1.0], requires_grad=True).requires_grad)

    v = torch.linspace(-3.0, 3.0, 7)
    print(F.softsign(v))
    print(F.tanhshrink(v))

    w = torch.tensor([0.5, -1.5, 2.0, 0.0], dtype=torch.float64, requires_grad=True)
    torch.i0(w).sum().backward()
    print(w.grad)
    m = torch.tensor([[1.0, 2.0, 2.0], [0.1, 0.2, 0.2], [3.0, -4.0, 0.0]], dtype=torch.float64, requires_grad=True)
    r = torch.renorm(m, 2, 0, 1.0)
    print(r)
    (r * torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64)).sum().backward()
    print(m.grad)


if __name__ == "__main__":
    main()
