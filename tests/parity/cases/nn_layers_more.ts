# ConvTranspose1d/2d, Bilinear, InstanceNorm1d/2d, PixelShuffle/Unshuffle, Upsample (nearest,
# bilinear, align_corners): printing, default init, values and gradients.
import torch
import torch.nn as nn
from typing import Optional, List


def show(name: str, t: Optional[torch.Tensor]) -> None:
    if t is None:
        print(name, None)
        return
    print(name, list(t.shape), round(t.sum().item(), 4) + 0.0, round(t.abs().sum().item(), 4))


torch.manual_seed(0)
ct = nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2)
ct1 = nn.ConvTranspose1d(3, 2, 3)
print(ct, ct1)
x = torch.randn(2, 4, 5, 5, requires_grad=True)
y = ct(x)
show("convT2d", y)
y.pow(2).sum().backward()
show("x.grad", x.grad)
for n, p in ct.named_parameters():
    show(n, p.grad)
show("convT1d", ct1(torch.randn(2, 3, 7)))
bl = nn.Bilinear(3, 4, 2)
print(bl)
show("bilinear", bl(torch.randn(5, 3), torch.randn(5, 4)))
inorm = nn.InstanceNorm2d(4, affine=True)
inorm1 = nn.InstanceNorm1d(3, track_running_stats=True)
print(inorm, inorm1)
show("instance2d", inorm(torch.randn(2, 4, 3, 3) * 3 + 1))
v = torch.randn(4, 3, 6) + 2
show("instance1d", inorm1(v))
print(inorm1.running_mean, inorm1.running_var, list(inorm1.state_dict().keys()))
inorm1.eval()
show("instance1d.eval", inorm1(v))
ps = nn.PixelShuffle(2)
pu = nn.PixelUnshuffle(2)
print(ps, pu)
z = torch.arange(32.).view(1, 8, 2, 2)
print(ps(z)[0, 0], torch.equal(pu(ps(z)), z))
img = torch.arange(12.).view(1, 1, 3, 4)
ups: List[nn.Module] = [nn.Upsample(scale_factor=2), nn.Upsample(size=(5, 7)), nn.Upsample(scale_factor=2, mode="bilinear"),
                        nn.Upsample(size=(4, 6), mode="bilinear", align_corners=True)]
for m in ups:
    print(m)
    print(m(img)[0, 0])
