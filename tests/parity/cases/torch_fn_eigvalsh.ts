import torch
import torch.linalg as LA


def show(name: str, f) -> None:
    try:
        r = f()
        print(name, r, r.dtype)
    except Exception as e:
        print(name, type(e).__name__, e)


torch.manual_seed(0)
s = torch.tensor([[2.0, 1.0], [1.0, 3.0]])
show("2x2", lambda: LA.eigvalsh(s))
show("U", lambda: LA.eigvalsh(torch.tensor([[2.0, 7.0], [1.0, 3.0]]), UPLO="U"))
show("L", lambda: LA.eigvalsh(torch.tensor([[2.0, 7.0], [1.0, 3.0]])))
show("pos", lambda: LA.eigvalsh(torch.tensor([[2.0, 7.0], [1.0, 3.0]]), "U"))
show("diag", lambda: LA.eigvalsh(torch.diag(torch.tensor([3.0, -1.0, 2.0]))))
show("double", lambda: LA.eigvalsh(s.double()))
A = torch.stack([torch.diag(torch.tensor([4.0, -1.0, 2.0])), torch.tensor([[2.0, 1.0, 0.0], [1.0, 2.0, 0.0], [0.0, 0.0, 5.0]])])
show("batch", lambda: LA.eigvalsh(A))
show("empty", lambda: LA.eigvalsh(torch.ones(0, 0)))
show("rect", lambda: LA.eigvalsh(torch.ones(2, 3)))
show("vec", lambda: LA.eigvalsh(torch.ones(3)))
show("long", lambda: LA.eigvalsh(torch.ones(2, 2, dtype=torch.long)))
show("half", lambda: LA.eigvalsh(torch.ones(2, 2).half()))
show("uplo", lambda: LA.eigvalsh(s, UPLO="X"))
show("nan", lambda: LA.eigvalsh(torch.full([2, 2], float("nan"))))
x = s.clone().requires_grad_()
LA.eigvalsh(x).sum().backward()
print(x.grad)
# n >= 3 with arbitrary entries: PyTorch's eigvalsh (syevd without vectors) and eigh's values
# differ in the last bits, so only n <= 2 is compared in full here.
for n in [1, 2]:
    M = torch.randn(n, n, dtype=torch.float64)
    M = M + M.t()
    print(n, LA.eigvalsh(M).tolist())
