import torch
t = torch.ones(2)
u = t
t += 1
print(u)
# expect: tensor([2., 2.])
