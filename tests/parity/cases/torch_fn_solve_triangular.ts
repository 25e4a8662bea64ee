import torch
import torch.linalg as LA


def show(name: str, f) -> None:
    try:
        r = f()
        print(name, r.dtype, list(r.shape), r)
    except Exception as e:
        print(name, type(e).__name__, e)


torch.manual_seed(0)
m = torch.tensor([[2.0, 1.0, 0.5], [0.3, 3.0, 1.0], [0.7, 0.2, 4.0]])
b = torch.tensor([[1.0, 2.0], [3.0, -1.0], [0.5, 4.0]])
show("up", lambda: LA.solve_triangular(m, b, upper=True))
show("low", lambda: LA.solve_triangular(m, b, upper=False))
show("up1", lambda: LA.solve_triangular(m, b[:, :1], upper=True))
show("low1", lambda: LA.solve_triangular(m, b[:, 1:], upper=False))
show("unit", lambda: LA.solve_triangular(m, b, upper=True, unitriangular=True))
show("unitlow", lambda: LA.solve_triangular(m, b, upper=False, unitriangular=True))
show("right", lambda: LA.solve_triangular(m, b.t(), upper=True, left=False))
show("rightlow", lambda: LA.solve_triangular(m, b.t(), upper=False, left=False))
show("right1", lambda: LA.solve_triangular(m, b.t()[:1], upper=True, left=False))
show("double", lambda: LA.solve_triangular(m.double(), b.double(), upper=True))
show("mixed", lambda: LA.solve_triangular(m, b.double(), upper=True))
show("mixed2", lambda: LA.solve_triangular(m.double(), b, upper=True))
show("intB", lambda: LA.solve_triangular(m, b.long(), upper=True))
show("long", lambda: LA.solve_triangular(m.long(), b.long(), upper=True))
show("half", lambda: LA.solve_triangular(m.half(), b.half(), upper=True))
show("Bvec", lambda: LA.solve_triangular(m, torch.ones(3), upper=True))
show("Avec", lambda: LA.solve_triangular(torch.ones(3), m, upper=True))
show("vecs", lambda: LA.solve_triangular(torch.ones(3), torch.ones(3), upper=True))
show("rect", lambda: LA.solve_triangular(torch.ones(2, 3), m, upper=True))
show("shape", lambda: LA.solve_triangular(m, torch.ones(2, 3), upper=True))
show("shaper", lambda: LA.solve_triangular(m, torch.ones(2, 2), upper=True, left=False))
show("bcasterr", lambda: LA.solve_triangular(torch.ones(2, 3, 3), torch.ones(4, 3, 2), upper=True))
show("sing", lambda: LA.solve_triangular(m.triu() - torch.diag(m.diag()), torch.ones(3, 2), upper=True))
show("singlow", lambda: LA.solve_triangular(torch.tensor([[1.0, 0.0], [2.0, 0.0]]), torch.ones(2, 2), upper=False))
show("empty", lambda: LA.solve_triangular(m, torch.ones(3, 0), upper=True))
show("empty0", lambda: LA.solve_triangular(torch.ones(0, 0), torch.ones(0, 4), upper=True))
show("emptyb", lambda: LA.solve_triangular(torch.ones(2, 0, 0), torch.ones(0, 4), upper=True))
A = torch.randn(2, 1, 4, 4) + 3 * torch.eye(4)
B = torch.randn(3, 4, 5)
show("batch", lambda: LA.solve_triangular(A, B, upper=True))
show("batchlow", lambda: LA.solve_triangular(A, B, upper=False))
show("batch1", lambda: LA.solve_triangular(A, B[..., :1], upper=False))
show("batchright", lambda: LA.solve_triangular(A, B.transpose(-2, -1), upper=True, left=False))
# Upper, left: PyTorch's trsm bits (printed in full).
for n in [1, 2, 3, 4, 6, 9, 17, 40]:
    for k in [1, 2, 3, 8]:
        for dt in [torch.float32, torch.float64]:
            M = torch.randn(n, n, dtype=dt)
            M.diagonal().add_(torch.sign(M.diagonal()) * 2)
            R = torch.randn(n, k, dtype=dt)
            for unit in [False, True]:
                r = LA.solve_triangular(M, R, upper=True, unitriangular=unit)
                if dt == torch.float32 or k > 1 or n < 12:
                    print(n, k, dt, unit, r.sum().item(), r[0].tolist())
# Lower and left=False, well conditioned, at print precision.
for n in [1, 2, 3, 5, 9, 17]:
    for k in [1, 2, 5]:
        for dt in [torch.float32, torch.float64]:
            M = torch.randn(n, n, dtype=dt) * 0.1
            M.diagonal().add_(2.0)
            R = torch.randn(n, k, dtype=dt)
            print(n, k, dt, LA.solve_triangular(M, R, upper=False)[0], LA.solve_triangular(M, R, upper=False, unitriangular=True)[0])
            print(LA.solve_triangular(M, R.t(), upper=True, left=False)[0], LA.solve_triangular(M, R.t(), upper=False, left=False)[0])
x = m.clone().requires_grad_()
y = LA.solve_triangular(x, b, upper=True)
y.sum().backward()
print(x.grad)
