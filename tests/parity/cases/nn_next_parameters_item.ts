# next(model.parameters()) for a model's device and dtype, and Tensor.item()'s ValueError.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
p = next(model.parameters())
print(p.shape, next(model.parameters()).dtype, next(model.parameters()).device)
name, first = next(model.named_parameters())
print(name, first.shape, next(model.children()))
it = iter(model.parameters())
next(it)
print(next(it).shape)
try:
    torch.ones(2).item()
except ValueError as e:
    print("ValueError:", e)
print(torch.tensor([2.5]).item())
