import torch
torch.manual_seed(0)
x = torch.randn(4, 5, 6)
a = x[0, 1:3, ::2]
b = x[..., None]
c = x[x > 0]
x[x < 0] = 0
print(a, b, c)
