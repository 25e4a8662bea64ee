import torch

torch.manual_seed(1)

w = torch.randn(3, requires_grad=True)
print(w.is_leaf, w.requires_grad)

try:
    w.add_(1.0)
except RuntimeError as e:
    print("caught:", e)

try:
    w[0] = 5.0
except RuntimeError as e:
    print("caught:", e)

with torch.no_grad():
    w.mul_(2.0)
print(w.is_leaf, w.grad_fn)

y = w * 3
print(y.is_leaf, y.grad_fn is not None)
z = w.exp()
z.add_(1.0)
try:
    z.sum().backward()
except RuntimeError as e:
    print("caught backward:", str(e)[:60])

v = torch.ones(2, requires_grad=True)
u = v.sigmoid()
u.mul_(2)
try:
    u.sum().backward()
except RuntimeError as e:
    msg = str(e)
    print("inplace modified:", "modified by an inplace operation" in msg)

t = torch.zeros(4)
t.add_(torch.arange(4.0)).mul_(2).sub_(1)
print(t)
t.clamp_(min=0.0)
print(t)
t.zero_()
print(t)
t.fill_(3.5)
print(t)
r = torch.arange(6.0).view(2, 3)
r[:, 1] = -1
print(r)
r[r < 0] = 100
print(r)
r.index_fill_(1, torch.tensor([0]), 9)
print(r)
g = torch.tensor([1.0, 2.0], requires_grad=True)
g.grad = torch.zeros(2)
print(g.grad)
d = g.detach()
d += 1
print(g)
try:
    torch.ones(2).backward()
except RuntimeError as e:
    print("caught:", e)
