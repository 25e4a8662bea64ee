import torch
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
for i, row in enumerate(x):
    print(i, row.sum().item())
# expect: 0 3.0
# expect: 1 7.0
