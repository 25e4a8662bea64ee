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
b = torch.randn(4, 5)
c = torch.randn(5, 2)
d = torch.randn(2, 6)
e = torch.randn(6, 1)
v = torch.randn(3)
w = torch.randn(2)
show("2", lambda: LA.multi_dot([a, b]))
show("3", lambda: LA.multi_dot([a, b, c]))
show("3b", lambda: LA.multi_dot([torch.randn(10, 2), torch.randn(2, 10), torch.randn(10, 3)]))
show("4", lambda: LA.multi_dot([a, b, c, d]))
show("5", lambda: LA.multi_dot([a, b, c, d, e]))
show("6", lambda: LA.multi_dot([torch.randn(7, 3), a, b, c, d, e]))
show("vfirst", lambda: LA.multi_dot([v, a, b]))
show("vlast", lambda: LA.multi_dot([c, d, torch.randn(6)]))
show("vv", lambda: LA.multi_dot([v, v]))
show("vmv", lambda: LA.multi_dot([v, a, b, c, w]))
show("tuple", lambda: LA.multi_dot((a, b)))
show("int", lambda: LA.multi_dot([torch.ones(3).long(), torch.ones(3).long()]))
show("intm", lambda: LA.multi_dot([torch.arange(6).reshape(2, 3), torch.arange(12).reshape(3, 4), torch.arange(4)]))
show("double", lambda: LA.multi_dot([a.double(), b.double(), c.double()]))
show("one", lambda: LA.multi_dot([a]))
show("none", lambda: LA.multi_dot([]))
show("3dfirst", lambda: LA.multi_dot([torch.ones(2, 2, 2), a]))
show("3dlast", lambda: LA.multi_dot([a, torch.ones(2, 2, 2)]))
show("mid1d", lambda: LA.multi_dot([a, torch.ones(4), b]))
show("dtype", lambda: LA.multi_dot([a, b.double()]))
show("shape", lambda: LA.multi_dot([a, torch.ones(3, 3)]))
show("shape2", lambda: LA.multi_dot([a, b, torch.ones(4, 2)]))
show("0d", lambda: LA.multi_dot([torch.tensor(1.0), a]))
show("empty", lambda: LA.multi_dot([torch.ones(2, 0), torch.ones(0, 3)]))
x = a.clone().requires_grad_()
LA.multi_dot([x, b, c, d]).sum().backward()
print(x.grad)
