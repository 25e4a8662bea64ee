import torch
x = torch.ones(3)
x.mul_(2).add_(1)
x.clamp_(max=2.5)
print(x)
# expect: tensor([2.5000, 2.5000, 2.5000])
