# Conv1d with stride, padding (ints, "same", "valid"), dilation, groups, padding modes (zeros,
# reflect, replicate, circular) and no bias: printing, outputs, input and parameter gradients.
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


torch.manual_seed(11)
convs: List[nn.Conv1d] = [nn.Conv1d(4, 6, 3), nn.Conv1d(4, 2, 3, stride=2, padding=1),
                          nn.Conv1d(4, 4, 2, dilation=2, groups=2, bias=False),
                          nn.Conv1d(4, 3, 3, padding="same"), nn.Conv1d(4, 3, 4, padding="same", dilation=2),
                          nn.Conv1d(4, 3, 3, padding="valid"), nn.Conv1d(4, 4, 3, groups=4, padding=2),
                          nn.Conv1d(4, 2, 3, padding=1, padding_mode="reflect"),
                          nn.Conv1d(4, 2, 3, padding=2, padding_mode="replicate"),
                          nn.Conv1d(4, 2, 3, padding=1, padding_mode="circular")]
x0 = torch.randn(2, 4, 9)
for c in convs:
    print(c)
    x = x0.clone().requires_grad_(True)
    y = c(x)
    show("  out", y)
    (y * y).sum().backward()
    show("  x.grad", x.grad)
    show("  weight.grad", c.weight.grad)
    b = c.bias
    if b is not None:
        show("  bias.grad", b.grad)
# non-contiguous input and an unbatched (C, L) input
xt = torch.randn(2, 9, 4).transpose(1, 2)
show("noncontig", convs[0](xt))
show("unbatched", convs[1](torch.randn(4, 7)))
try:
    nn.Conv1d(4, 3, 3, groups=3)
except ValueError as e:
    print("ValueError:", e)
# channel mismatch names the 3-d shapes; "same" padding with a stride is a ValueError
try:
    nn.Conv1d(4, 6, 3)(torch.randn(2, 3, 9))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.Conv1d(4, 6, 3, groups=2, padding="same")(torch.randn(3, 9))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.nn.functional.conv1d(torch.randn(2, 3, 9).transpose(1, 2), torch.randn(6, 4, 3))
except RuntimeError as e:
    print("RuntimeError:", e)
for st in [2, 3]:
    try:
        nn.Conv1d(4, 3, 3, stride=st, padding="same")
    except ValueError as e:
        print("ValueError:", e)
try:
    nn.Conv2d(4, 3, 3, stride=(1, 2), padding="same")
except ValueError as e:
    print("ValueError:", e)
# Channel, group and bias mismatches name the caller's 3-d shapes (the op runs lifted to 2-d).
for args in [(torch.randn(1, 5, 7), torch.randn(4, 3, 2), None, 1), (torch.randn(5, 7), torch.randn(4, 3, 2), None, 1),
             (torch.randn(1, 6, 7), torch.randn(3, 3, 2), None, 2), (torch.randn(1, 3, 7), torch.randn(4, 3, 2), torch.randn(3), 1)]:
    try:
        torch.conv1d(args[0], args[1], args[2], groups=args[3])
    except RuntimeError as e:
        print("RuntimeError:", e)
