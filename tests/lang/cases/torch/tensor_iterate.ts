import torch
torch.manual_seed(0)
x = torch.randn(3, 2)
for row in x:
    print(row.sum())
