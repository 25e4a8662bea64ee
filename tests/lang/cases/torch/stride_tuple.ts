# Tensor.stride() is a tuple, as PyTorch's Python binding returns; stride(dim) an int.
import torch

x = torch.ones(2, 3, 4)
print(x.stride(), x.stride(0), x.stride(-1))
print(x.transpose(0, 2).stride(), x[:, 1].stride(), x.size())
s = x.stride()
print(s[1], len(s))
# expect: (12, 4, 1) 12 1
# expect: (1, 4, 12) (12, 1) torch.Size([2, 3, 4])
# expect: 4 3
