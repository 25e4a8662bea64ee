# LayerNorm (several normalized dims, elementwise_affine=False, eps), GroupNorm (affine=False, one
# group, one group per channel), InstanceNorm1d/2d (affine, track_running_stats, eval): printing,
# outputs, input and parameter gradients.
import math
import torch
import torch.nn as nn
from typing import Optional, List


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


torch.manual_seed(12)
x0 = torch.randn(3, 4, 5, 6) * 3 + 1
w = torch.randn(3, 4, 5, 6)
mods: List[nn.Module] = [nn.LayerNorm(6), nn.LayerNorm([5, 6], eps=1e-3), nn.LayerNorm((4, 5, 6), elementwise_affine=False),
                         nn.GroupNorm(2, 4), nn.GroupNorm(1, 4, affine=False), nn.GroupNorm(4, 4, eps=0.1),
                         nn.InstanceNorm2d(4), nn.InstanceNorm2d(4, affine=True),
                         nn.InstanceNorm2d(4, momentum=0.2, track_running_stats=True)]
for m in mods:
    print(m)
    for n, p in m.named_parameters():
        with torch.no_grad():
            p.add_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape))
    x = x0.clone().requires_grad_(True)
    y = m(x)
    show("  out", y)
    (y * w).sum().backward()
    show("  x.grad", x.grad)
    for n, p in m.named_parameters():
        show("  " + n + ".grad", p.grad)
inst = mods[8]
for n, b in inst.named_buffers():
    print(n, [round(v, 5) for v in b.flatten().tolist()])
inst.eval()
show("instance eval", inst(x0))
in1 = nn.InstanceNorm1d(3, affine=True)
print(in1)
show("instance1d", in1(torch.randn(2, 3, 7)))
show("layernorm noncontig", nn.LayerNorm(3)(torch.randn(3, 5).t()))
show("layernorm empty", nn.LayerNorm(4)(torch.zeros(0, 4)))
try:
    nn.GroupNorm(3, 4)
except ValueError as e:
    print("ValueError:", e)
try:
    nn.LayerNorm(5)(torch.randn(2, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
# InstanceNorm on unbatched input (affine, running statistics) and its dimension checks
torch.manual_seed(11)
inn = nn.InstanceNorm1d(3, affine=True)
iw = inn.weight
ib = inn.bias
assert iw is not None and ib is not None
with torch.no_grad():
    iw.copy_(torch.tensor([1.0, 2.0, -1.0]))
    ib.copy_(torch.tensor([0.5, 0.0, 1.0]))
xu = torch.randn(3, 7, requires_grad=True)
yu = inn(xu)
print(list(yu.shape), [round(v, 4) for v in yu.sum(1).tolist()], round(yu.abs().sum().item(), 3))
(yu * yu).sum().backward()
xg = xu.grad
wg = iw.grad
assert xg is not None and wg is not None
print(round(xg.abs().sum().item(), 2), [round(v, 2) for v in wg.tolist()])
tr = nn.InstanceNorm1d(3, track_running_stats=True)
tr(torch.randn(3, 6) * 2 + 1)
rm = tr.running_mean
rv = tr.running_var
assert rm is not None and rv is not None
print([round(v, 4) for v in rm.tolist()], [round(v, 4) for v in rv.tolist()])
i2 = nn.InstanceNorm2d(2, affine=True)
print(list(i2(torch.randn(2, 4, 5).transpose(1, 2)).shape), round(i2(torch.randn(2, 4, 5)).abs().sum().item(), 3))
print(list(nn.InstanceNorm1d(3)(torch.zeros(3, 0)).shape))
try:
    nn.InstanceNorm1d(3, affine=True)(torch.randn(4))
except ValueError as e:
    print("ValueError:", e)
try:
    nn.InstanceNorm2d(3, affine=True)(torch.randn(4, 5))
except ValueError as e:
    print("ValueError:", e)
try:
    nn.InstanceNorm1d(3, affine=True)(torch.randn(2, 4, 5))
except RuntimeError as e:
    print("RuntimeError:", e)
