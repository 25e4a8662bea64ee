import torch
import torch as T


def show(name: str, f) -> None:
    try:
        r = f()
        print(name, r, r.dtype, list(r.shape))
    except Exception as e:
        print(name, type(e).__name__, e)


a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([0.5, -1.0, 4.0])
m = torch.arange(6.0).reshape(2, 3)
n = torch.arange(12.0).reshape(4, 3) / 3
show("vv", lambda: T.inner(a, b))
show("mv", lambda: T.inner(m, a))
show("vm", lambda: T.inner(a, m))
show("mm", lambda: T.inner(m, n))
show("3d", lambda: T.inner(torch.arange(24.0).reshape(2, 3, 4), torch.arange(8.0).reshape(2, 4)))
show("scalar", lambda: T.inner(torch.tensor(2.0), m))
show("scalar2", lambda: T.inner(a, torch.tensor(3)))
show("int", lambda: T.inner(torch.tensor([1, 2, 3]), torch.tensor([4, 5, 6])))
show("double", lambda: T.inner(a.double(), b.double()))
show("empty", lambda: T.inner(torch.ones(2, 0), torch.ones(3, 0)))
show("bad", lambda: T.inner(torch.ones(2, 3), torch.ones(2, 4)))
show("dtype", lambda: T.inner(a, b.double()))
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = T.inner(x, b)
y.backward()
print(x.grad)
