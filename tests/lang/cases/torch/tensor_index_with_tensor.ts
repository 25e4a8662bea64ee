import torch
x = torch.tensor([10.0, 20.0, 30.0])
idx = torch.tensor([2, 0])
print(x[idx], x[x > 15.0])
# expect: tensor([30., 10.]) tensor([20., 30.])
