import torch
m = torch.arange(6).view(3, 2)
for row in m:
    print(row, row.shape)
# expect: tensor([0, 1]) torch.Size([2])
# expect: tensor([2, 3]) torch.Size([2])
# expect: tensor([4, 5]) torch.Size([2])
