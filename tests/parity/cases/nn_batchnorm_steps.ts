# BatchNorm1d/2d/3d over several training steps: running statistics with the default momentum,
# momentum=None (cumulative average), affine=False, track_running_stats=False, eval mode and
# gradients in both modes.
import math
import torch
import torch.nn as nn
from typing import Optional


def sig(v: float) -> float:
    # four significant digits; values below 1e-3 (sums that are zero in exact arithmetic) print as 0.0
    if abs(v) < 1e-3:
        return 0.0
    return round(v, 3 - int(math.floor(math.log10(abs(v))))) + 0.0


def show(name: str, t: Optional[torch.Tensor]) -> None:
    if t is None:
        print(name, None)
        return
    print(name, list(t.shape), sig(t.sum().item()), sig(t.abs().sum().item()))


def stats(bn: nn.Module) -> None:
    for n, b in bn.named_buffers():
        print("  ", n, [round(v, 5) for v in b.flatten().tolist()])


torch.manual_seed(8)
bn1 = nn.BatchNorm1d(3)
bn1n = nn.BatchNorm1d(3, momentum=None)
bn1a = nn.BatchNorm1d(3, affine=False, momentum=0.3)
bn1t = nn.BatchNorm1d(3, track_running_stats=False)
print(bn1, bn1n, bn1a, bn1t)
base = torch.randn(6, 3, 4)
for step in range(4):
    x = base * (step + 1) + step
    for bn in [bn1, bn1n, bn1a, bn1t]:
        xi = x.clone().requires_grad_(True)
        y = bn(xi)
        (y * torch.arange(4.0)).sum().backward()
        show("step " + str(step), y)
        show("  grad", xi.grad)
for bn in [bn1, bn1n, bn1a, bn1t]:
    stats(bn)
print(sorted(bn1.state_dict().keys()), sorted(bn1t.state_dict().keys()))
bn1.eval()
bn1t.eval()
xe = torch.randn(5, 3, 4, requires_grad=True)
y = bn1(xe)
show("eval", y)
y.pow(2).sum().backward()
show("eval grad", xe.grad)
bw = bn1.weight
assert bw is not None
show("weight.grad", bw.grad)
show("eval no stats", bn1t(xe))
bn2 = nn.BatchNorm2d(2, eps=1e-3, momentum=0.5)
bn3 = nn.BatchNorm3d(2)
print(bn2, bn3)
for step in range(3):
    show("bn2", bn2(torch.randn(3, 2, 4, 4) + step))
    show("bn3", bn3(torch.randn(2, 2, 3, 3, 2) * 2))
stats(bn2)
stats(bn3)
show("noncontig", bn2(torch.randn(3, 4, 4, 2).permute(0, 3, 1, 2)))
show("1d input", nn.BatchNorm1d(4)(torch.randn(5, 4)))
try:
    nn.BatchNorm1d(3)(torch.randn(1, 3))
except ValueError as e:
    print("ValueError:", e)
try:
    bn2(torch.randn(2, 2, 3))
except ValueError as e:
    print("ValueError:", e)
