import torch
from typing import List

torch.manual_seed(0)
x = torch.arange(12.0).reshape(3, 4)
print(x)
print(x[1], x[:, 2], x[1:3, ::2], x[..., -1], x[None, 0].shape)
print(x.shape, x.size(), x.size(1), x.dim(), x.numel(), x.dtype, len(x))
y = x.clone()
y[0] = 7.0
y[1, 2] = -1.0
y[:, 0] += 100.0
print(y)
mask = x > 5
print(mask, x[mask])
idx = torch.tensor([2, 0])
print(x[idx])
print(2 * x - 1, 1 - x[0], 1 / (x[0] + 1), x[0] ** 2, 2 ** x[0])
print(x.sum(), x.sum(dim=0), x.mean(1, keepdim=True), torch.max(x), x.max(dim=1))
w = torch.randn(4, 2, requires_grad=True)
b = torch.zeros(2, requires_grad=True)
out = (x @ w + b).relu().sum()
out.backward()
print(w.grad is not None, b.grad)
with torch.no_grad():
    z = x @ w
print(z.requires_grad, out.requires_grad, w.is_leaf)
rows: List[float] = []
for row in x:
    rows.append(row.sum().item())
print(rows)
a, bb = torch.ones(2, 3).unbind(0)
print(a + bb, torch.cat([a, bb]).shape)
print(float(x[0, 1]), int(x[2, 3]), bool(x[0, 0]))
print(torch.float32, x.device, x.T.shape, x.t().contiguous().is_contiguous())
print(x.view(2, 6).flatten().tolist() if False else x.view(2, 6))
