# Gradients through the products built from other ops (einsum, kron, ger), cross, scatter_reduce
# (each reduction, with ties and zeros) and as_strided (overlapping windows, an expanded input),
# against PyTorch. (tensordot is covered by op_gradcheck: its
# Ts form takes two dim lists, PyTorch's Python wrapper a `dims` pair.)
import torch
torch.manual_seed(0)
a = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
m = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
v = torch.randn(3, dtype=torch.float64, requires_grad=True)

y = torch.einsum("ij,jk->ik", [a, b])
ga, gb = torch.autograd.grad((y * y).sum(), [a, b])
print(ga, gb)
print(torch.autograd.grad(torch.einsum("ii->i", [m]).pow(2).sum(), [m])[0])
print(torch.autograd.grad(torch.einsum("ii", [m]), [m])[0])
print(torch.autograd.grad(torch.einsum("ij,j->", [a, v]), [a, v]))
t = torch.randn(2, 1, 3, dtype=torch.float64, requires_grad=True)
y = torch.einsum("...ij,jk->...ik", [t, b])
print(y.shape, torch.autograd.grad(y.sum(), [t])[0])
y = torch.einsum("bi,ij,j->b", [a, m, v])
print(torch.autograd.grad(y.pow(2).sum(), [a, m, v]))
# second order through einsum
g = torch.autograd.grad(torch.einsum("ij,jk->ik", [a, b]).pow(2).sum(), [a], create_graph=True)[0]
print(torch.autograd.grad(g.sum(), [b])[0])

k = torch.kron(a, v)
print(k.shape, torch.autograd.grad((k * k).sum(), [a, v]))
o = torch.ger(v, v[:2])
print(torch.autograd.grad(o.sum(), [v])[0])

p = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
q = torch.randn(1, 3, dtype=torch.float64, requires_grad=True)
c = torch.cross(p, q.expand(4, 3), dim=1)
print(torch.autograd.grad((c * c).sum(), [p, q]))
c = torch.linalg.cross(p, q)
print(torch.autograd.grad(c.sum(), [p, q]))

x = torch.tensor([[1.0, 2.0, 0.0], [3.0, 2.0, 5.0], [1.0, 4.0, 2.0]], dtype=torch.float64, requires_grad=True)
src = torch.tensor([[2.0, 0.0, 5.0], [2.0, 4.0, 0.0], [3.0, 1.0, 5.0], [1.0, 0.0, 2.0]], dtype=torch.float64, requires_grad=True)
idx = torch.tensor([[0, 1, 2], [0, 1, 0], [2, 2, 2], [1, 1, 0]])
for reduce in ["sum", "prod", "mean", "amax", "amin"]:
    for include_self in [True, False]:
        y = torch.scatter_reduce(x, 0, idx, src, reduce, include_self=include_self)
        gx, gs = torch.autograd.grad((y * torch.arange(1.0, 10.0, dtype=torch.float64).view(3, 3)).sum(), [x, src])
        print(reduce, include_self)
        print(y.detach(), gx, gs)
w = x.detach().clone().requires_grad_(True)
z = w * 1.0
z.scatter_reduce_(1, torch.tensor([[0, 0], [2, 2], [1, 0]]), src[:3, :2], "amax")
print(torch.autograd.grad(z.sum(), [w, src]))

base = torch.randn(12, dtype=torch.float64, requires_grad=True)
s = torch.as_strided(base, [3, 3], [2, 1], 1)
print(torch.autograd.grad((s * s).sum(), [base])[0])
e = torch.randn(1, 4, dtype=torch.float64, requires_grad=True)
s = torch.as_strided(e.expand(3, 4), [2, 2], [1, 1])
print(torch.autograd.grad((s * torch.tensor([1.0, 2.0, 3.0, 4.0], dtype=torch.float64).view(2, 2)).sum(), [e])[0])
r = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
s = r.t().as_strided([2, 3], [1, 2], 1)
print(torch.autograd.grad(s.pow(2).sum(), [r])[0])

# aminmax and scatter with reduce=: PyTorch 1.13 has no derivative; backward raises.
x = torch.randn(3, 4, requires_grad=True)
try:
    torch.aminmax(x)[0].sum().backward()
except RuntimeError as e:
    print(e)
try:
    torch.aminmax(x, dim=0)[1].sum().backward()
except RuntimeError as e:
    print(e)
try:
    torch.scatter(x, 0, torch.tensor([[0, 1]]), torch.randn(1, 2), reduce="add").sum().backward()
except RuntimeError as e:
    print(e)
try:
    torch.scatter(x, 0, torch.tensor([[0, 1]]), 2.0, reduce="multiply").sum().backward()
except RuntimeError as e:
    print(e)
try:
    (x * 1).scatter_(0, torch.tensor([[0, 1]]), torch.randn(1, 2), reduce="add").sum().backward()
except RuntimeError as e:
    print(e)
try:
    (x * 1).scatter_(0, torch.tensor([[0, 1]]), 2.0, reduce="add").sum().backward()
except RuntimeError as e:
    print(e)
print(x.grad)
