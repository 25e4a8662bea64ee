# torch.Size as a value: construction, printing, equality with tuples and other Sizes (not with
# lists, as in PyTorch), indexing, slicing, len, iteration, numel(), and Tensor.shape / size().
import torch
from typing import Any, List

x = torch.zeros(2, 3, 4)
s = torch.Size([2, 3, 4])
print(s, x.shape, x.size(), torch.Size(), torch.Size((5,)), torch.Size(range(3)))
print(x.shape == s, x.size() == s, s == (2, 3, 4), s == [2, 3, 4], s != torch.Size([2, 3]), x.shape == torch.Size([2, 3]))
print(len(s), s[0], s[-1], s[1:], list(s), s.numel(), torch.Size([]).numel(), x.shape.numel(), x.size().numel())
total = 0
for d in s:
    total += d
print(total, type(s), type(x.shape).__name__, type(s) == torch.Size)
dims: List[int] = x.shape
print(dims, torch.zeros(s).shape, x.view(torch.Size([6, 4])).shape, x.reshape(s[0], -1).shape)
print(f"shape is {x.shape}", str(torch.Size([1, 1])), repr(s), [torch.Size([1])])
bad: List[Any] = [1, 2.5]
try:
    torch.Size(bad)
except TypeError as e:
    print("TypeError", e)
