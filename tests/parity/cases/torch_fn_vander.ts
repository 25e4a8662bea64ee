import torch
import torch as T


def show(name: str, f) -> None:
    try:
        r = f()
        print(name, r, r.dtype, list(r.shape))
    except Exception as e:
        print(name, type(e).__name__, e)


a = torch.tensor([1.0, 2.0, 3.0, 5.0])
L = torch.tensor([1, 2, 3])
show("plain", lambda: T.vander(a))
show("N", lambda: T.vander(a, 3))
show("Nkw", lambda: T.vander(a, N=6))
show("inc", lambda: T.vander(a, increasing=True))
show("inc2", lambda: T.vander(a, 2, True))
show("N0", lambda: T.vander(a, 0))
show("N1", lambda: T.vander(a, 1))
show("int", lambda: T.vander(L))
show("int8", lambda: T.vander(L.to(torch.int8), 4, True))
show("uint8", lambda: T.vander(torch.tensor([2, 3], dtype=torch.uint8), 10))
show("bool", lambda: T.vander(L > 1))
show("double", lambda: T.vander(torch.tensor([0.5, -1.5], dtype=torch.float64), 5))
show("half", lambda: T.vander(torch.tensor([0.5, 3.0], dtype=torch.float16), 4))
show("empty", lambda: T.vander(torch.ones(0)))
show("empty3", lambda: T.vander(torch.ones(0), 3))
show("neg", lambda: T.vander(a, -1))
show("2d", lambda: T.vander(torch.ones(2, 2)))
show("0d", lambda: T.vander(torch.tensor(1.0)))
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
try:
    T.vander(x, 4).sum().backward()
    print(x.grad)
except Exception as e:
    print(type(e).__name__, e)
