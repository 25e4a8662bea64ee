import torch
x = torch.randn(3, 2)
for row in x:
    print(row.sum())
