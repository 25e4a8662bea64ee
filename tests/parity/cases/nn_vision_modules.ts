# PixelShuffle/PixelUnshuffle, Upsample (nearest, linear, bilinear, bicubic, trilinear with
# align_corners, size and scale_factor), UpsamplingNearest2d/UpsamplingBilinear2d and the padding
# modules: printing, outputs and input gradients.
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


def check(m: nn.Module, x0: torch.Tensor) -> None:
    x = x0.clone().requires_grad_(True)
    y = m(x)
    print(m)
    show("  out", y)
    (y * y).sum().backward()
    show("  grad", x.grad)


torch.manual_seed(19)
x4 = torch.randn(2, 8, 3, 2)
check(nn.PixelShuffle(2), x4)
check(nn.PixelUnshuffle(2), torch.randn(1, 2, 4, 6))
ps = nn.PixelShuffle(2)
pu = nn.PixelUnshuffle(2)
print(pu(ps(x4)).equal(x4), ps(torch.arange(8.0).reshape(8, 1, 1)).flatten().tolist())
x1 = torch.randn(1, 2, 5)
x2 = torch.randn(1, 2, 3, 4)
x3 = torch.randn(1, 1, 2, 3, 2)
check(nn.Upsample(scale_factor=2), x1)
check(nn.Upsample(size=8, mode="linear"), x1)
check(nn.Upsample(scale_factor=1.5, mode="linear", align_corners=True), x1)
check(nn.Upsample(scale_factor=2, mode="bilinear"), x2)
check(nn.Upsample(size=(5, 7), mode="bilinear", align_corners=True), x2)
check(nn.Upsample(scale_factor=(2, 1.5), mode="nearest"), x2)
check(nn.Upsample(size=(6, 6), mode="bicubic"), x2)
check(nn.Upsample(scale_factor=2, mode="trilinear"), x3)
check(nn.UpsamplingNearest2d(scale_factor=3), x2)
check(nn.UpsamplingBilinear2d(size=(4, 5)), x2)
pads: List[nn.Module] = [nn.ConstantPad1d(2, 3.5), nn.ConstantPad2d((1, 0, 2, 1), -1.0), nn.ZeroPad2d(1),
                         nn.ReflectionPad1d((2, 1)), nn.ReflectionPad2d(1), nn.ReplicationPad1d(3),
                         nn.ReplicationPad2d((0, 2, 1, 0)), nn.ConstantPad2d((-1, 1, 0, -1), 0.0)]
for p in pads:
    check(p, x2 if "2d" in str(p) else x1)
show("noncontig", nn.Upsample(scale_factor=2, mode="bilinear")(x2.transpose(2, 3)))
show("zero batch", nn.PixelShuffle(2)(torch.zeros(0, 4, 2, 2)))
try:
    nn.PixelShuffle(3)(x4)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.ReflectionPad1d(5)(x1)
except RuntimeError as e:
    print("RuntimeError:", e)
