import torch
x = torch.zeros(2, dtype=torch.int64)
print(x.dtype, x.device, x.ndim + 1, x.requires_grad)
