import torch
x = torch.tensor([[1, 2], [3, 4]])
print(x.tolist(), x[0].tolist(), x.sum().item())
# expect: [[1, 2], [3, 4]] [1, 2] 10
