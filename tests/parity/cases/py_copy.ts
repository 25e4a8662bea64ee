# copy.copy and copy.deepcopy as training scripts use them: a frozen target network and an EMA
# copy of a model (independent parameters), snapshots of configs and of the best weights.
import copy
from collections import OrderedDict, deque
from typing import Dict, List

import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.fc2 = nn.Linear(4, 1)
        self.register_buffer("steps", torch.zeros(1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(torch.relu(self.fc1(x)))


model = Net()
target = copy.deepcopy(model)
ema = copy.deepcopy(model)
for p in target.parameters():
    p.requires_grad_(False)
print(type(target).__name__, [p.requires_grad for p in ema.parameters()])
print(all(torch.equal(a, b) for a, b in zip(model.parameters(), target.parameters())))
print(model.fc1.weight is target.fc1.weight, model.fc1 is target.fc1)

opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(8, 3)
for step in range(3):
    loss = (model(x) - target(x)).pow(2).mean() + model(x).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    with torch.no_grad():
        for pe, pm in zip(ema.parameters(), model.parameters()):
            pe.mul_(0.9).add_(pm, alpha=0.1)
    print(step, round(loss.item(), 5))
print(torch.equal(model.fc1.weight, target.fc1.weight), torch.allclose(ema.fc2.weight, model.fc2.weight))
print(target.fc2.weight.grad, model.fc2.weight.grad is not None)

# Tensors: deepcopy keeps requires_grad and the grad; copy shares memory.
w = torch.ones(3, requires_grad=True)
(w * 2).sum().backward()
w2 = copy.deepcopy(w)
print(w2, w2.grad, w2.is_leaf)
with torch.no_grad():
    w2.add_(1)
print(w, w2)
shallow = copy.copy(w)
with torch.no_grad():
    shallow.mul_(5)
print(w, shallow.requires_grad, shallow.grad)
param = nn.Parameter(torch.zeros(2))
print(type(copy.deepcopy(param)).__name__, type(copy.copy(param)).__name__)
# A Parameter's copy has no grad (PyTorch's Parameter.__deepcopy__), a plain tensor's keeps it.
print(model.fc1.weight.grad is not None, copy.deepcopy(model).fc1.weight.grad)

# Containers: copy shares the elements, deepcopy does not.
config: Dict[str, List[int]] = {"sizes": [32, 64]}
c1 = copy.copy(config)
c2 = copy.deepcopy(config)
config["sizes"].append(128)
print(c1, c2)
best = OrderedDict([("fc.weight", torch.ones(2))])
snap = copy.deepcopy(best)
best["fc.weight"].add_(1)
print(snap, type(snap).__name__)
window = deque([1, 2], maxlen=3)
print(copy.copy(window), copy.deepcopy(window))

try:
    copy.deepcopy(w * 2)
except RuntimeError as e:
    print("RuntimeError", e)
