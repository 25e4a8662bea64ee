# Conv3d with tuple kernel sizes, stride, padding, dilation, groups and padding modes: default
# init under manual_seed, outputs and gradients; Conv2d with "same" padding and padding modes.
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


torch.manual_seed(5)
c3: List[nn.Conv3d] = [nn.Conv3d(2, 3, 2), nn.Conv3d(2, 4, (1, 2, 3), stride=(1, 2, 1), padding=(0, 1, 1)),
                       nn.Conv3d(2, 2, 2, dilation=2, groups=2, bias=False), nn.Conv3d(2, 3, 3, padding="same"),
                       nn.Conv3d(2, 2, 3, padding=1, padding_mode="circular")]
x0 = torch.randn(2, 2, 5, 6, 5)
for c in c3:
    print(c)
    show("  weight", c.weight)
    x = x0.clone().requires_grad_(True)
    y = c(x)
    show("  out", y)
    y.tanh().sum().backward()
    show("  x.grad", x.grad)
    show("  weight.grad", c.weight.grad)
show("unbatched", c3[0](torch.randn(2, 3, 3, 3)))
c2: List[nn.Conv2d] = [nn.Conv2d(3, 2, (3, 2), padding="same"), nn.Conv2d(3, 2, 3, padding=1, padding_mode="reflect"),
                       nn.Conv2d(3, 2, 3, padding=(2, 1), padding_mode="replicate"),
                       nn.Conv2d(3, 6, 3, padding=1, padding_mode="circular", groups=3)]
xi = torch.randn(2, 3, 6, 5)
for c in c2:
    print(c)
    x = xi.clone().requires_grad_(True)
    y = c(x)
    show("  out", y)
    y.pow(2).sum().backward()
    show("  x.grad", x.grad)
    show("  weight.grad", c.weight.grad)
try:
    c3[0](torch.randn(1, 3, 4, 4, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
