# torch.nn.functional's 1-d pools, the *_with_indices forms and return_indices=True: values and
# indices against PyTorch, and gradients through each.
import torch
import torch.nn.functional as F
from typing import Tuple

torch.manual_seed(0)
x = torch.randn(2, 3, 9, requires_grad=True)
u = torch.randn(3, 8)
print(F.max_pool1d(x, 3))
print(F.max_pool1d(x, 3, 2, 1, 1, True))
o, i = F.max_pool1d(x, [2], stride=[1], dilation=2, return_indices=True)
print(o, i)
o2, i2 = F.max_pool1d_with_indices(u, 3, 2)
print(o2, i2)
print(F.avg_pool1d(x, 3), F.avg_pool1d(x, 4, 2, 2, ceil_mode=True, count_include_pad=False))
print(F.adaptive_avg_pool1d(x, 4), F.adaptive_avg_pool1d(u, [3]))
a, ai = F.adaptive_max_pool1d_with_indices(x, 4)
print(a, ai)
y = torch.randn(2, 2, 5, 7, requires_grad=True)
print(F.adaptive_max_pool2d(y, (2, 3)))
b, bi = F.adaptive_max_pool2d(y, [3, None], return_indices=True)
print(b, bi)
c, ci = F.adaptive_max_pool2d_with_indices(y, 2)
print(c.shape, ci)
d, di = F.max_pool2d_with_indices(y, 2, 1, 1)
print(d.shape, di[0, 0])
(F.max_pool1d(x, 3).sum() + o.pow(2).sum() + F.avg_pool1d(x, 3).sin().sum() + F.adaptive_avg_pool1d(x, 4).sum()
 + a.exp().sum()).backward()
print(x.grad)
(F.adaptive_max_pool2d(y, (2, 3)).sum() + b.sum() * 2 + d.sum()).backward()
print(y.grad)
m, mi = F.max_pool2d(y, 2, return_indices=True)
print(m, mi, F.max_pool2d(y, (2, 3), (1, 2), 1).shape)
# A 4-d input is refused with PyTorch's message, with and without indices.
for ri in [False, True]:
    try:
        print(torch.nn.MaxPool1d(3, return_indices=ri)(torch.randn(2, 3, 4, 5)))
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        print(F.max_pool1d(torch.randn(2, 3, 4, 5), 3, return_indices=ri))
    except RuntimeError as e:
        print("RuntimeError:", e)
