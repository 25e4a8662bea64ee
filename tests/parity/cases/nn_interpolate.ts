# F.interpolate in every mode (size, scale_factor, align_corners, recompute_scale_factor) with
# gradients, F.upsample*, nn.Upsample/UpsamplingNearest2d/UpsamplingBilinear2d, grid_sample,
# affine_grid and scaled_dot_product_attention against its formula (PyTorch 1.13 lacks it).
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
from typing import Optional, List


def show(name: str, t: Optional[torch.Tensor]) -> None:
    if t is None:
        print(name, None)
        return
    d = t.detach().double()
    print(name, list(t.shape), round(d.sum().item(), 3) + 0.0, round(d.abs().sum().item(), 3))


torch.manual_seed(0)
x1 = torch.randn(2, 3, 5, requires_grad=True)
x2 = torch.randn(2, 3, 4, 5, requires_grad=True)
x3 = torch.randn(1, 2, 3, 4, 5, requires_grad=True)
img = torch.arange(12.).view(1, 1, 3, 4)
print(F.interpolate(img, scale_factor=2)[0, 0])
print(F.interpolate(img, size=(5, 7))[0, 0])
print(F.interpolate(img, scale_factor=1.5, mode="bilinear")[0, 0])
print(F.interpolate(img, size=(4, 6), mode="bilinear", align_corners=True)[0, 0])
print(F.interpolate(img, scale_factor=1.7, mode="bilinear", recompute_scale_factor=True)[0, 0])
print(F.interpolate(img, scale_factor=(1.3, 0.75), mode="bicubic")[0, 0])
print(F.interpolate(img, size=5, mode="bicubic", align_corners=True)[0, 0])
print(F.interpolate(img, size=(2, 2), mode="area")[0, 0])
print(F.interpolate(img, scale_factor=0.5, mode="area")[0, 0])
show("nearest1d", F.interpolate(x1, scale_factor=2.5))
show("nearest1d.size", F.interpolate(x1, size=8))
show("linear", F.interpolate(x1, size=9, mode="linear"))
show("linear.ac", F.interpolate(x1, scale_factor=1.6, mode="linear", align_corners=True))
show("nearest2d", F.interpolate(x2, scale_factor=(2, 1.5)))
show("bilinear", F.interpolate(x2, scale_factor=2.2, mode="bilinear"))
show("bicubic", F.interpolate(x2, size=(7, 3), mode="bicubic"))
show("nearest3d", F.interpolate(x3, scale_factor=(1, 2, 0.6)))
show("trilinear", F.interpolate(x3, size=(4, 6, 3), mode="trilinear"))
show("trilinear.ac", F.interpolate(x3, scale_factor=1.5, mode="trilinear", align_corners=True))
loss = (F.interpolate(x1, size=9, mode="linear").pow(2).sum() + F.interpolate(x1, scale_factor=2.5).sum()
        + F.interpolate(x2, scale_factor=2.2, mode="bilinear").pow(2).sum()
        + F.interpolate(x2, size=(7, 3), mode="bicubic").pow(2).sum()
        + F.interpolate(x3, size=(4, 6, 3), mode="trilinear").pow(2).sum())
loss.backward()
show("x1.grad", x1.grad)
show("x2.grad", x2.grad)
show("x3.grad", x3.grad)
show("upsample", F.upsample(x2, scale_factor=2, mode="bilinear", align_corners=False))
show("upsample_nearest", F.upsample_nearest(x2, size=(3, 9)))
show("upsample_bilinear", F.upsample_bilinear(x2, scale_factor=2))
try:
    F.interpolate(img, size=3, scale_factor=2.0)
except ValueError as e:
    print("ValueError:", e)
try:
    F.interpolate(img, scale_factor=2.0, align_corners=True)
except ValueError as e:
    print("ValueError:", e)
try:
    F.interpolate(x1, scale_factor=2.0, mode="bilinear")
except NotImplementedError as e:
    print("NotImplementedError:", e)

ups: List[nn.Module] = [nn.Upsample(scale_factor=2), nn.Upsample(size=(5, 7)), nn.Upsample(scale_factor=1.5, mode="bicubic"),
                        nn.Upsample(size=(4, 6), mode="bilinear", align_corners=True), nn.UpsamplingNearest2d(scale_factor=3),
                        nn.UpsamplingBilinear2d(size=(5, 5)), nn.Upsample(scale_factor=(2.0, 1.5), mode="nearest"),
                        nn.Upsample(scale_factor=1.7, mode="bilinear", recompute_scale_factor=True),
                        nn.Upsample(scale_factor=1.7, mode="bilinear")]
for m in ups:
    print(m)
    show("up", m(x2))

theta = torch.tensor([[[0.8, -0.3, 0.1], [0.2, 1.1, -0.2]], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]], requires_grad=True)
grid = F.affine_grid(theta, [2, 3, 4, 5], align_corners=False)
show("grid", grid)
show("grid.ac", F.affine_grid(theta, [2, 3, 4, 5], align_corners=True))
theta3 = torch.randn(1, 3, 4)
show("grid3d", F.affine_grid(theta3, [1, 1, 2, 3, 4], align_corners=False))
src = torch.randn(2, 3, 6, 7, requires_grad=True)
for mode in ["bilinear", "nearest", "bicubic"]:
    for pm in ["zeros", "border", "reflection"]:
        for ac in [False, True]:
            show("gs " + mode + " " + pm + " " + str(ac), F.grid_sample(src, grid * 1.3, mode=mode, padding_mode=pm,
                                                                       align_corners=ac))
out = F.grid_sample(src, F.affine_grid(theta, [2, 3, 4, 5], align_corners=False), align_corners=False)
out.pow(2).sum().backward()
show("src.grad", src.grad)
show("theta.grad", theta.grad)


def sdpa_formula(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: Optional[torch.Tensor], causal: bool,
                 scale: Optional[float]) -> torch.Tensor:
    s = 1.0 / math.sqrt(q.size(-1)) if scale is None else scale
    att = q @ k.transpose(-2, -1) * s
    if causal:
        keep = torch.ones(q.size(-2), k.size(-2)).tril().bool()
        att = att.masked_fill(keep.logical_not(), float("-inf"))
    if mask is not None:
        if mask.dtype == torch.bool:
            att = att.masked_fill(mask.logical_not(), float("-inf"))
        else:
            att = att + mask
    return torch.softmax(att, -1) @ v


q = torch.randn(2, 3, 4, 8, requires_grad=True)
k = torch.randn(2, 3, 6, 8)
v = torch.randn(2, 3, 6, 5)
bmask = torch.rand(4, 6) > 0.3
bmask[:, 0] = True
fmask = torch.randn(4, 6)
cases: List[Optional[torch.Tensor]] = [None, bmask, fmask]
for mk in cases:
    for sc in [None, 0.2]:
        try:
            o = F.scaled_dot_product_attention(q, k, v, attn_mask=mk, scale=sc)
        except AttributeError:
            o = sdpa_formula(q, k, v, mk, False, sc)
        show("sdpa", o)
kq = torch.randn(2, 5, 8)
try:
    oc = F.scaled_dot_product_attention(kq, kq, kq, is_causal=True)
except AttributeError:
    oc = sdpa_formula(kq, kq, kq, None, True, None)
show("sdpa.causal", oc)
try:
    og = F.scaled_dot_product_attention(q, k, v)
except AttributeError:
    og = sdpa_formula(q, k, v, None, False, None)
og.pow(2).sum().backward()
show("q.grad", q.grad)
