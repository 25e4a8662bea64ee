import torch
g = lambda t: t * 2
y = g(torch.ones(2))
print(y.sum())
