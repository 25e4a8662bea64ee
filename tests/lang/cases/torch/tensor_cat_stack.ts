import torch
a = torch.ones(2)
b = torch.zeros(2)
print(torch.cat([a, b]), torch.stack([a, b], dim=1).shape, torch.cat((a, b), dim=0).shape)
# expect: tensor([1., 1., 0., 0.]) torch.Size([2, 2]) torch.Size([4])
