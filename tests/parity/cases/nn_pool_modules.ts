# Every pooling module: MaxPool1d/2d/3d (stride, padding, dilation, ceil_mode),
# AvgPool1d/2d/3d (count_include_pad, divisor_override, ceil_mode), AdaptiveAvgPool1d/2d,
# AdaptiveMaxPool2d and LPPool: printing, outputs and input gradients.
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


torch.manual_seed(4)
x1 = torch.randn(2, 3, 11)
x2 = torch.randn(2, 3, 7, 8)
x3 = torch.randn(1, 2, 5, 6, 5)
m1: List[nn.Module] = [nn.MaxPool1d(3), nn.MaxPool1d(3, stride=2, padding=1, dilation=2),
                       nn.MaxPool1d(4, stride=3, ceil_mode=True), nn.AvgPool1d(3),
                       nn.AvgPool1d(4, stride=2, padding=2, count_include_pad=False),
                       nn.AvgPool1d(3, stride=2, ceil_mode=True), nn.AdaptiveAvgPool1d(4),
                       nn.LPPool1d(2, 3), nn.LPPool1d(1.5, 2, stride=1)]
m2: List[nn.Module] = [nn.MaxPool2d(2), nn.MaxPool2d((3, 2), stride=(2, 1), padding=1),
                       nn.MaxPool2d(3, stride=2, ceil_mode=True, dilation=(1, 2)), nn.AvgPool2d(2),
                       nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=False),
                       nn.AvgPool2d(3, padding=1, divisor_override=2), nn.AvgPool2d(3, stride=2, ceil_mode=True),
                       nn.AdaptiveAvgPool2d((3, 5)), nn.AdaptiveMaxPool2d(3),
                       nn.LPPool2d(2, 2)]
m3: List[nn.Module] = [nn.MaxPool3d(2), nn.MaxPool3d(3, stride=2, padding=1), nn.AvgPool3d(2, stride=1),
                       nn.AvgPool3d(3, padding=1, count_include_pad=False)]
for mods, xin in [(m1, x1), (m2, x2), (m3, x3)]:
    for m in mods:
        x = xin.abs().clone().requires_grad_(True) if "LP" in str(m) else xin.clone().requires_grad_(True)
        y = m(x)
        print(m)
        show("  out", y)
        (y * y).sum().backward()
        show("  grad", x.grad)
show("noncontig", nn.MaxPool2d(2)(x2.transpose(2, 3)))
show("zero batch", nn.AvgPool2d(2)(torch.zeros(0, 3, 4, 4)))
try:
    nn.MaxPool2d(2, padding=2)(x2)
except RuntimeError as e:
    print("RuntimeError:", e)
# return_indices (PyTorch's positional order: kernel_size, stride, padding, dilation, return_indices,
# ceil_mode), adaptive sizes with None, AdaptiveMaxPool1d and the 3-d adaptive pools
torch.manual_seed(5)
xp = torch.randn(2, 3, 4, 4)
mo, mi = nn.MaxPool2d(2, return_indices=True)(xp)
print(list(mo.shape), mi.tolist()[0][0])
o1, i1 = nn.MaxPool1d(3, 2, 1, 1, True)(torch.randn(2, 3, 9))
print(list(o1.shape), i1.tolist()[0])
o1c, i1c = nn.MaxPool1d(2, return_indices=True, ceil_mode=True)(torch.randn(3, 7))
print(list(o1c.shape), i1c.tolist())
ao, ai = nn.AdaptiveMaxPool2d(2, return_indices=True)(xp)
print(ai.tolist()[1][2])
print(nn.AdaptiveAvgPool2d((None, 2)), list(nn.AdaptiveAvgPool2d((None, 2))(xp).shape))
print(nn.AdaptiveMaxPool1d(3), nn.AdaptiveAvgPool3d(2), nn.AdaptiveMaxPool3d((2, None, 3)))
x5 = torch.randn(2, 2, 5, 6, 7)
a5, b5 = nn.AdaptiveMaxPool3d((2, 4, 3), return_indices=True)(x5)
show("amax3d", a5)
print(b5.sum().item(), b5.tolist()[0][1][1])
show("amax3d None", nn.AdaptiveMaxPool3d((None, 2, 3))(x5[0]))
for m in [nn.AdaptiveAvgPool3d((3, 2, 4)), nn.AdaptiveMaxPool3d(3), nn.AdaptiveMaxPool1d(4)]:
    x = (x5 if "3d" in str(m) else x1).clone().requires_grad_(True)
    y = m(x)
    print(m)
    show("  out", y)
    (y * y).sum().backward()
    show("  grad", x.grad)
show("aavg3d noncontig", nn.AdaptiveAvgPool3d((3, None, 4))(x5[0].transpose(1, 3)))
show("aavg3d zero batch", nn.AdaptiveAvgPool3d(2)(torch.zeros(0, 2, 4, 4, 4)))
c1, d1 = nn.AdaptiveMaxPool1d(4, True)(torch.randn(3, 10))
print(list(c1.shape), d1.tolist())
try:
    nn.AdaptiveAvgPool3d(2)(torch.randn(3, 3))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.AdaptiveMaxPool3d(2)(torch.randn(3, 3))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.AdaptiveMaxPool1d(2)(torch.randn(3))
except RuntimeError as e:
    print("RuntimeError:", e)
# the functional forms: F.adaptive_avg_pool3d, F.adaptive_max_pool3d, F.adaptive_max_pool1d
torch.manual_seed(2)
xf = torch.randn(2, 3, 5, 6, 7, requires_grad=True)
yf = torch.nn.functional.adaptive_avg_pool3d(xf, (2, None, 3))
show("F aavg3d", yf)
of, jf = torch.nn.functional.adaptive_max_pool3d(xf, 2, return_indices=True)
show("F amax3d", of)
print(jf.sum().item())
show("F amax3d no idx", torch.nn.functional.adaptive_max_pool3d(xf, (1, 2, 3)))
af, bf = torch.nn.functional.adaptive_max_pool1d(torch.randn(2, 3, 10), 4, True)
print(list(af.shape), bf.tolist()[0])
show("F amax1d unbatched", torch.nn.functional.adaptive_max_pool1d(torch.randn(3, 10), 4))
