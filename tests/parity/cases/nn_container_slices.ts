# Sequential and ModuleList slices (Sequential keeps its children's names), dict() of pairs.
import torch
import torch.nn as nn
torch.manual_seed(0)
s = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 4), nn.Tanh())
t = s[1:3]
print(t)
print(list(t.state_dict().keys()), len(t), len(s[::2]), len(s[-2:]))
print(s[:2](torch.ones(1, 2)))
ml = nn.ModuleList([nn.Linear(1, 1), nn.ReLU(), nn.Linear(1, 2)])
print(ml[1:])
s.append(nn.ReLU())
print(list(dict(s.named_children()).keys()))
print(dict([("a", 1), ("b", 2)]), dict(x=1.5))
