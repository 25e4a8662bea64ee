import torch
import torch.linalg as LA


def show(name: str, f) -> None:
    try:
        r = f()
        print(name, r, r.dtype, list(r.shape))
    except Exception as e:
        print(name, type(e).__name__, e)


torch.manual_seed(0)
a = torch.randn(3, 4)
b = torch.randn(3, 4)
show("vv", lambda: LA.vecdot(a[0], b[0]))
show("mm", lambda: LA.vecdot(a, b))
show("dim0", lambda: LA.vecdot(a, b, dim=0))
show("bcast", lambda: LA.vecdot(a, b[0]))
show("bcast2", lambda: LA.vecdot(a.unsqueeze(1), b.unsqueeze(0)))
show("double", lambda: LA.vecdot(a.double(), b.double()))
show("half", lambda: LA.vecdot(a.half(), b.half()))
show("long", lambda: LA.vecdot(torch.tensor([1, 2]), torch.tensor([1, 2])))
show("mixed", lambda: LA.vecdot(a, b.double()))
show("mixedlong", lambda: LA.vecdot(a, b.long()))
show("shape", lambda: LA.vecdot(a, torch.ones(2)))
show("dim", lambda: LA.vecdot(a, b, dim=3))
show("empty", lambda: LA.vecdot(torch.ones(2, 0), torch.ones(2, 0)))
show("0d", lambda: LA.vecdot(torch.tensor(2.0), torch.tensor(3.0)))
x = a.clone().requires_grad_()
LA.vecdot(x, b).sum().backward()
print(x.grad)
