import torch
x = torch.ones(2, 2)
y = x.mm()
# expect error: 3:5 Tensor.mm() missing required argument `mat2`
