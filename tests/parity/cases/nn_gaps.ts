# torch.nn pieces that came late: RReLU (training-mode slopes drawn like PyTorch's for the same
# seed), ctc_loss's gradient for a leaf log_probs, max_pool3d with indices and max_unpool3d, 3-d
# grid_sample, interpolate's nearest-exact and antialias modes, EmbeddingBag's autograd node and
# the printed value of ConstantPad*d.
import torch
import torch.nn as nn
import torch.nn.functional as F
from typing import List


def show(name: str, t: torch.Tensor) -> None:
    d = t.detach().double()
    print(name, list(t.shape), round(d.sum().item(), 4) + 0.0, round(d.abs().sum().item(), 4))


# ---- RReLU ----
torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
y = F.rrelu(x, training=True)
print(y)
y.sum().backward()
print(x.grad)
torch.manual_seed(1)
print(F.rrelu(torch.randn(2, 5, dtype=torch.float64), 0.1, 0.3, training=True))
torch.manual_seed(2)
z = torch.randn(4, 3).t()
print(F.rrelu(z, training=True))
print(F.rrelu(z))
m = nn.RReLU()
print(m, nn.RReLU(0.1, 0.3, inplace=True))
torch.manual_seed(3)
w = torch.randn(6)
print(m(w))
m.eval()
print(m(w))
torch.manual_seed(4)
v = torch.randn(2, 3)
F.rrelu_(v, training=True)
print(v)
torch.manual_seed(5)
leaf = torch.randn(5, requires_grad=True)
h = leaf * 1.0
F.rrelu(h, training=True, inplace=True)
print(h)
h.sum().backward()
print(leaf.grad)
try:
    F.rrelu(torch.randn(3), 0.5, 0.1, training=True)
except RuntimeError as e:
    print("error:", e)

# ---- ctc_loss: gradient for a leaf log_probs (not log-softmax outputs) ----
torch.manual_seed(6)
lp = torch.randn(6, 2, 4, requires_grad=True)
targets = torch.tensor([[1, 2, 2], [3, 1, 0]])
loss = F.ctc_loss(lp, targets, torch.tensor([6, 5]), torch.tensor([3, 2]))
loss.backward()
print(round(loss.item(), 4))
print(lp.grad)
lp2 = torch.randn(5, 3, requires_grad=True)
loss2 = F.ctc_loss(lp2, torch.tensor([1, 2]), torch.tensor([5]), torch.tensor([2]), reduction="sum")
loss2.backward()
print(round(loss2.item(), 4))
print(lp2.grad)
lp3 = torch.randn(6, 2, 4, requires_grad=True)
loss3 = F.ctc_loss(lp3, torch.tensor([[1, 1, 1], [3, 1, 0]]), torch.tensor([2, 5]), torch.tensor([3, 2]), reduction="sum", zero_infinity=True)
loss3.backward()
print(round(loss3.item(), 4))
print(lp3.grad)

# ---- max_pool3d with indices, max_unpool3d ----
torch.manual_seed(7)
x3 = torch.randn(1, 2, 4, 4, 4, requires_grad=True)
out, idx = F.max_pool3d(x3, 2, return_indices=True)
print(out)
print(idx)
out.sum().backward()
show("max_pool3d.grad", x3.grad)
pool = nn.MaxPool3d((2, 3, 2), stride=(1, 2, 2), padding=(1, 1, 0), return_indices=True)
pooled = pool(x3)
o2: torch.Tensor = pooled[0]
i2: torch.Tensor = pooled[1]
print(pool)
show("MaxPool3d", o2)
print(i2[0, 1])
print(F.max_pool3d(x3, 3, 2, 1))
unpool = nn.MaxUnpool3d(2)
print(unpool)
u = unpool(out, idx)
show("MaxUnpool3d", u)
print(u[0, 0, 0])
o3 = (out.detach() * 2.0).requires_grad_()
u2 = F.max_unpool3d(o3, idx, 2, output_size=[1, 2, 5, 5, 5])
show("max_unpool3d.size", u2)
(u2 * torch.arange(250.).view(1, 2, 5, 5, 5)).sum().backward()
print(o3.grad)

# ---- 3-d grid_sample ----
torch.manual_seed(8)
inp = torch.randn(2, 3, 4, 5, 6, requires_grad=True)
grid = (torch.rand(2, 3, 4, 5, 3) * 2.4 - 1.2).requires_grad_()
for mode in ["bilinear", "nearest"]:
    for pad in ["zeros", "border", "reflection"]:
        for ac in [False, True]:
            show("grid_sample3d " + mode + " " + pad + " " + str(ac), F.grid_sample(inp, grid, mode, pad, ac))
gs = F.grid_sample(inp, grid, align_corners=False)
gs.pow(2).sum().backward()
show("grid_sample3d.grad_input", inp.grad)
g = grid.grad
assert g is not None
show("grid_sample3d.grad_grid", g)
theta = torch.tensor([[[0.9, 0.1, 0.0, 0.1], [-0.1, 1.1, 0.2, 0.0], [0.0, 0.1, 0.8, -0.1]]])
ag = F.affine_grid(theta, [1, 2, 3, 4, 5], align_corners=False)
show("affine_grid3d", ag)
show("affine_grid3d.sample", F.grid_sample(torch.arange(120.).view(1, 2, 3, 4, 5), ag, align_corners=False))

# ---- interpolate: nearest-exact and antialias ----
img = torch.arange(12.).view(1, 1, 3, 4)
print(F.interpolate(img, size=(5, 7), mode="nearest-exact")[0, 0])
print(F.interpolate(img, scale_factor=0.5, mode="nearest-exact")[0, 0])
print(F.interpolate(torch.arange(5.).view(1, 1, 5), size=8, mode="nearest-exact"))
show("nearest-exact3d", F.interpolate(torch.randn(1, 2, 3, 4, 5), size=(5, 3, 7), mode="nearest-exact"))
big = torch.randn(1, 2, 9, 11, requires_grad=True)
for mode in ["bilinear", "bicubic"]:
    for ac in [False, True]:
        show("aa " + mode + " " + str(ac), F.interpolate(big, size=(4, 5), mode=mode, align_corners=ac, antialias=True))
    show("aa " + mode + " scale", F.interpolate(big, scale_factor=0.6, mode=mode, antialias=True))
    show("aa " + mode + " up", F.interpolate(big, size=(12, 13), mode=mode, antialias=True))
F.interpolate(big, size=(4, 5), mode="bicubic", antialias=True).pow(2).sum().backward()
show("aa.grad", big.grad)
try:
    F.interpolate(torch.randn(1, 2, 5), size=3, mode="linear", antialias=True)
except ValueError as e:
    print("error:", e)

# ---- EmbeddingBag's node, ConstantPad's value ----
bag = nn.EmbeddingBag(10, 3, mode="sum")
with torch.no_grad():
    bag.weight.copy_(torch.arange(30.).view(10, 3) / 10)
e = bag(torch.tensor([1, 2, 4, 5, 4, 3, 2, 9]), torch.tensor([0, 4]))
print(e)
e.sum().backward()
print(bag.weight.grad)
wts = torch.arange(24.).view(8, 3).requires_grad_()
psw = torch.tensor([1.0, 2.0, 0.5, 1.0, -1.0, 1.0, 3.0, 0.5], requires_grad=True)
eb = F.embedding_bag(torch.tensor([1, 2, 4, 5, 4, 3, 2, 0]), wts, torch.tensor([0, 2, 5]), mode="sum",
                     per_sample_weights=psw)
print(eb)
eb.sum().backward()
print(psw.grad)
mx = F.embedding_bag(torch.tensor([1, 2, 4, 5, 4, 3, 2, 0]), wts, torch.tensor([0, 2, 5]), mode="max")
print(mx)
print(nn.ConstantPad2d(1, 3), nn.ConstantPad2d(1, 3.5), nn.ConstantPad1d((1, 2), -1), nn.ConstantPad3d(1, 0.0))
print(nn.ConstantPad2d(1, 3)(torch.ones(1, 1, 1, 1)))
