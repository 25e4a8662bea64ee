import torch
x = torch.arange(10)
print(x[::3], x[1:8:2], x[-3:], x[:-7])
# expect: tensor([0, 3, 6, 9]) tensor([1, 3, 5, 7]) tensor([7, 8, 9]) tensor([0, 1, 2])
