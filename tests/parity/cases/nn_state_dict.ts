# state_dict order and keys (parameters, then buffers, then children), load_state_dict strict and
# non-strict reports, parameter counting, requires_grad_, apply, double().
import torch
import torch.nn as nn
from typing import Dict, List


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3)
        self.bn = nn.BatchNorm2d(2)
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(8, 3))
        self.register_buffer("scale", torch.ones(3))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.bn(self.conv(x))) * self.scale


def count(m: nn.Module) -> int:
    return sum(p.numel() for p in m.parameters() if p.requires_grad)


torch.manual_seed(3)
net = Net()
print(net)
sd = net.state_dict()
print(list(sd.keys()))
print([n for n, _ in net.named_buffers()])
print([n for n, _ in net.named_parameters()])
print(count(net))
x = torch.randn(2, 1, 4, 4)
y = net(x)
other = Net()
print(other.load_state_dict(sd))
print(torch.equal(other(x), net(x)))
bad: Dict[str, torch.Tensor] = {}
for k, v in sd.items():
    if k != "bn.running_var":
        bad[k] = v
bad["extra"] = torch.zeros(1)
print(other.load_state_dict(bad, strict=False))
try:
    other.load_state_dict(bad)
except RuntimeError as e:
    print(e)
bad["conv.weight"] = torch.zeros(3, 1, 3, 3)
try:
    other.load_state_dict(bad, strict=False)
except RuntimeError as e:
    print(e)
net.requires_grad_(False)
print(count(net))
names: List[str] = []


def visit(m: nn.Module) -> None:
    names.append(repr(m).split("(")[0])


net.apply(visit)
print(names)
net.double()
rm = net.bn.running_mean
nb = net.bn.num_batches_tracked
assert rm is not None and nb is not None
print(net.conv.weight.dtype, rm.dtype, nb.dtype)
