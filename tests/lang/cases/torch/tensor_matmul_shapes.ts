import torch
a = torch.ones(2, 3)
v = torch.ones(3)
b = torch.ones(4, 3, 5)
print((a @ v).shape, (v @ v).shape, (a @ b).shape, a @ v)
# expect: torch.Size([2]) torch.Size([]) torch.Size([4, 2, 5]) tensor([3., 3.])
