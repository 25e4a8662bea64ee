# ConvTranspose1d/2d with stride, padding, output_padding, dilation, groups, no bias:
# printing, default init under manual_seed, outputs and gradients.
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


def check(c: nn.Module, x0: torch.Tensor) -> None:
    print(c)
    x = x0.clone().requires_grad_(True)
    y = c(x)
    show("  out", y)
    (y * y).sum().backward()
    show("  x.grad", x.grad)
    for n, p in c.named_parameters():
        show("  " + n, p)
        show("  " + n + ".grad", p.grad)


torch.manual_seed(2)
x1 = torch.randn(2, 4, 5)
check(nn.ConvTranspose1d(4, 3, 3), x1)
check(nn.ConvTranspose1d(4, 2, 3, stride=2, padding=1, output_padding=1), x1)
check(nn.ConvTranspose1d(4, 6, 2, groups=2, dilation=2, bias=False), x1)
x2 = torch.randn(1, 2, 4, 3)
check(nn.ConvTranspose2d(2, 3, (2, 3), stride=(2, 1), padding=(1, 0)), x2)
check(nn.ConvTranspose2d(2, 2, 3, stride=3, output_padding=2, dilation=1), x2)
check(nn.ConvTranspose2d(2, 4, 3, stride=2, padding=1, groups=2, dilation=2), x2)
up = nn.ConvTranspose2d(2, 1, 3, stride=2, padding=1)
show("default size", up(x2))
show("noncontig", up(torch.randn(1, 3, 4, 2).transpose(1, 3)))
try:
    nn.ConvTranspose2d(2, 2, 3, stride=2, output_padding=2)(x2)
except RuntimeError as e:
    print("RuntimeError:", e)
# forward(input, output_size) and ConvTranspose3d
torch.manual_seed(8)
up2 = nn.ConvTranspose2d(2, 1, 3, stride=2, padding=1)
print(list(up2(torch.randn(1, 2, 4, 3), output_size=[8, 6]).shape), list(up2(torch.randn(1, 2, 4, 3), [1, 1, 8, 6]).shape))
print(list(up2(torch.randn(2, 4, 3), [7, 5]).shape))
print(list(nn.ConvTranspose1d(2, 3, 3, stride=3)(torch.randn(2, 2, 5), output_size=[17]).shape))
for sizes in [[9, 6], [9]]:
    try:
        up2(torch.randn(1, 2, 4, 3), output_size=sizes)
    except ValueError as e:
        print("ValueError:", e)
ct3 = nn.ConvTranspose3d(4, 6, (3, 2, 2), stride=(2, 1, 3), padding=(1, 0, 1), output_padding=(1, 0, 2), groups=2,
                         dilation=(1, 2, 1))
print(ct3, nn.ConvTranspose3d(2, 2, 2, bias=False))
x3t = torch.randn(2, 4, 3, 4, 5, requires_grad=True)
y3t = ct3(x3t)
show("convT3d", y3t)
y3t.pow(2).sum().backward()
show("  grad x", x3t.grad)
show("  grad w", ct3.weight.grad)
b3 = ct3.bias
assert b3 is not None
show("  grad b", b3.grad)
show("convT3d unbatched", nn.ConvTranspose3d(2, 2, 2)(torch.randn(2, 3, 3, 3)))
show("convT3d crop", nn.ConvTranspose3d(2, 2, 2, padding=3)(torch.randn(1, 2, 7, 7, 7)))
show("convT3d noncontig", nn.ConvTranspose3d(3, 2, 2, stride=2)(torch.randn(1, 4, 3, 2, 3).transpose(1, 2)))
show("convT3d output_size", nn.ConvTranspose3d(2, 2, 3, stride=2)(torch.randn(1, 2, 2, 2, 2), output_size=[6, 5, 6]))
show("convT3d zero batch", nn.ConvTranspose3d(2, 2, 2)(torch.zeros(0, 2, 2, 2, 2)))
# F.conv_transpose3d
torch.manual_seed(3)
wf = torch.randn(3, 2, 2, 3, 2)
show("F convT3d", torch.nn.functional.conv_transpose3d(torch.randn(1, 3, 3, 3, 3), wf, torch.randn(2), stride=2, padding=1,
                                                       output_padding=1))
show("F convT3d groups", torch.nn.functional.conv_transpose3d(torch.randn(2, 4, 2, 3, 2), torch.randn(4, 1, 2, 2, 2),
                                                              groups=2, dilation=(1, 2, 1)))
# output_size as a torch.Size, a slice of one, or a tuple
ref = torch.randn(1, 1, 8, 6)
print(up2(torch.randn(1, 2, 4, 3), output_size=ref.size()).shape, up2(torch.randn(1, 2, 4, 3), output_size=ref.shape[2:]).shape,
      up2(torch.randn(1, 2, 4, 3), (7, 6)).shape)
