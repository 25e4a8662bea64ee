# A value typed nn.Module itself (Sequential / ModuleList indexing) reads the attributes and calls
# the methods of the module it holds, found at run time; a missing one raises PyTorch's
# AttributeError (src/frontend/check/check_call.cpp, Note [Module attributes at run time]).
import torch
import torch.nn as nn
torch.manual_seed(0)
seq = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
print(seq[0].weight.shape, seq[2].bias)
print(seq[0].in_features, seq[2].out_features + 1)
seq[0].reset_parameters()
print(seq[0].extra_repr())
blocks = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
for i in range(len(blocks)):
    nn.init.zeros_(blocks[i].bias)
print(sum([blocks[i].bias.sum().item() for i in range(3)]))
try:
    print(seq[1].weight)
except AttributeError as e:
    print("AttributeError:", e)
