# Tensor functions taking their tensors as separate arguments (meshgrid, broadcast_tensors,
# cartesian_prod, atleast_2d), nonzero(as_tuple=True), Tensor.mT and element_size().
import torch

x = torch.tensor([1.0, 2.0, 3.0])
y = torch.tensor([10.0, 20.0])
gx, gy = torch.meshgrid(x, y, indexing="ij")
print(gx)
print(gy)
xx, yy = torch.meshgrid(x, y, indexing="xy")
print(xx.shape, yy.shape, (xx + yy).sum().item())
print(torch.meshgrid([x, y], indexing="ij")[0].shape)
a, b = torch.broadcast_tensors(torch.ones(3, 1), torch.arange(4.0))
print(a.shape, b)
print(torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3, 4, 5])))
p, q = torch.atleast_2d(torch.tensor(1.0), torch.arange(3))
print(p, q)
print(torch.atleast_2d(x).shape)

m = torch.tensor([[0, 1, 0], [2, 0, 3]])
rows, cols = torch.nonzero(m, as_tuple=True)
print(rows, cols)
print(m.nonzero(as_tuple=True))
print(torch.nonzero(m, as_tuple=False))
idx = (m > 0).nonzero(as_tuple=True)
print(len(idx), idx[1].tolist())

w = torch.arange(24.0).reshape(2, 3, 4)
print(w.mT.shape, w.mT[1, 2])
print(torch.equal(w.mT, w.transpose(-2, -1)))
try:
    x.mT
except RuntimeError as e:
    print("RuntimeError:", e)

for t in (x, torch.arange(3), torch.zeros(2, dtype=torch.float64), torch.zeros(2, dtype=torch.bool),
          torch.zeros(2, dtype=torch.int8), torch.zeros(2, dtype=torch.float16)):
    print(t.dtype, t.element_size(), t.element_size() * t.nelement())
