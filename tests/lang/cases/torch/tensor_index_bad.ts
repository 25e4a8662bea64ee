import torch
x = torch.randn(4)
print(x["a"])
# expect error: 3:9 a Tensor index must be int
