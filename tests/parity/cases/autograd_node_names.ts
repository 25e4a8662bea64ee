# Ops PyTorch 1.13 records as one node of its own, with the name it prints: kron
# (UnsafeViewBackward0), grid_sample (GridSampler2D/3DBackward0, whose backward refuses a second
# derivative), F.interpolate (the .vec overloads: ...Backward1 for every mode, nearest-exact and
# antialias included), plus their gradients.
import torch
import torch.nn.functional as F

a = torch.tensor([[1.0, 2.0], [-1.0, 0.5]], requires_grad=True)
b = torch.tensor([[1.0, -1.0], [0.5, 2.0]])
k = torch.kron(a, b)
print(k)
k.pow(2).sum().backward()
print(a.grad)

torch.manual_seed(0)
x = torch.randn(1, 2, 3, 3, dtype=torch.float64, requires_grad=True)
g = (torch.rand(1, 2, 2, 2, dtype=torch.float64) * 2.4 - 1.2).requires_grad_()
for mode in ["bilinear", "nearest", "bicubic"]:
    for pad in ["zeros", "border", "reflection"]:
        y = F.grid_sample(x, g, mode=mode, padding_mode=pad, align_corners=False)
        gx, gg = torch.autograd.grad((y * y).sum(), [x, g])
        print(mode, pad, round(y.sum().item(), 6), round(gx.sum().item(), 6), round(gg.abs().sum().item(), 6))
print(F.grid_sample(x, g, align_corners=True)[0, 0])
x3 = torch.randn(1, 1, 2, 3, 2, dtype=torch.float64, requires_grad=True)
g3 = (torch.rand(1, 1, 2, 2, 3, dtype=torch.float64) * 2 - 1).requires_grad_()
for mode in ["bilinear", "nearest"]:
    y3 = F.grid_sample(x3, g3, mode=mode, align_corners=False)
    print(y3)
    gx3, gg3 = torch.autograd.grad((y3 * y3).sum(), [x3, g3])
    print(round(gx3.sum().item(), 6), round(gg3.abs().sum().item(), 6))
y3 = F.grid_sample(x3, g3, align_corners=False)
h, = torch.autograd.grad(y3.sum(), x3, create_graph=True)
try:
    h.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)

t1 = torch.tensor([[[1.0, 2.0, 4.0]]], requires_grad=True)
t2 = torch.tensor([[[[1.0, 2.0], [4.0, -1.0]], [[0.5, 1.0], [2.0, 3.0]]]], requires_grad=True)
t3 = torch.tensor([[[[[1.0, 2.0], [4.0, -1.0]], [[0.5, 1.0], [2.0, 3.0]]]]], requires_grad=True)
for mode, t in [("nearest", t1), ("nearest", t2), ("nearest", t3), ("nearest-exact", t1),
                ("nearest-exact", t2), ("nearest-exact", t3), ("linear", t1), ("bilinear", t2),
                ("bicubic", t2), ("trilinear", t3)]:
    y = F.interpolate(t, scale_factor=2, mode=mode)
    print(mode, y)
    y.pow(2).sum().backward()
    print(t.grad)
    t.grad = None
    print(F.interpolate(t, size=[5] * (t.dim() - 2), mode=mode).sum())
big = torch.arange(36.0).reshape(1, 1, 6, 6).requires_grad_()
for mode in ["bilinear", "bicubic"]:
    y = F.interpolate(big, size=(2, 2), mode=mode, antialias=True)
    print(mode, y)
    y.pow(2).sum().backward()
    print(big.grad.sum(), big.grad[0, 0, 0])
    big.grad = None
    print(F.interpolate(big, scale_factor=0.5, mode=mode, antialias=True, align_corners=True))

# tensordot in PyTorch's Python forms: dims=n (the last n dims of a with the first n of b).
ta = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
tb = torch.arange(60.0).reshape(3, 4, 5)
td = torch.tensordot(ta, tb, dims=2)
print(td)
td.sum().backward()
print(ta.grad[0])
print(torch.tensordot(ta.detach(), tb.permute(1, 2, 0), 1).shape, torch.tensordot(ta.detach(), tb, 0).shape)

# reshape: a view records ReshapeAliasBackward0, a copy CloneBackward0 then UnsafeViewBackward0
rx = torch.arange(6.0).requires_grad_()
print(rx.reshape(2, 3), rx.view(2, 3).flatten())
rt = rx.reshape(2, 3).t().reshape(6)
print(rt, rt.grad_fn.next_functions[0][0].name())
(rt * torch.arange(6.0)).sum().backward()
print(rx.grad)

# `1 - x` records RsubBackward1, torch.rsub(a, b) RsubBackward0, zero_ ZeroBackward0
rs = torch.tensor([0.5, 2.0], requires_grad=True)
r1 = 1 - rs * 3
r2 = torch.rsub(rs, torch.tensor([[1.0], [2.0]]), alpha=2)
r3 = rs * 1
r3.zero_()
print(r1, r2, r3)
(r1.sum() + r2.sum() + r3.sum()).backward()
print(rs.grad)
