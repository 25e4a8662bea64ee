# nn.Sequential built from an OrderedDict of named layers: the names are the children's names
# (printing, state_dict keys, named_parameters) and attributes (seq.fc); training and a
# state_dict round trip; PyTorch's errors for a non-module and a missing name.
from collections import OrderedDict

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(OrderedDict([
    ("fc", nn.Linear(2, 3)),
    ("act", nn.ReLU()),
    ("out", nn.Linear(3, 1)),
]))
print(model)
print(list(model.state_dict().keys()))
print([name for name, _ in model.named_parameters()])
print(model.fc.weight.shape, model.out.bias.shape, model.act)
print(len(model), model[0], model[-1])
for name, m in model.named_children():
    print(name, type(m).__name__)

opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(16, 2)
y = x.sum(dim=1, keepdim=True)
for step in range(3):
    loss = nn.functional.mse_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 5))

clone = nn.Sequential(OrderedDict([("fc", nn.Linear(2, 3)), ("act", nn.ReLU()), ("out", nn.Linear(3, 1))]))
clone.load_state_dict(model.state_dict())
print(torch.allclose(clone(x), model(x)), clone.fc.weight.requires_grad)

head = model[1:]
print(head, list(head.state_dict().keys()))
numbered = nn.Sequential(nn.Linear(2, 2), nn.Tanh())
print(numbered, list(numbered.state_dict().keys()))

try:
    nn.Sequential(nn.Linear(1, 1), 5)
except TypeError as e:
    print("TypeError", e)
try:
    print(model.missing)
except AttributeError as e:
    print("AttributeError", e)
