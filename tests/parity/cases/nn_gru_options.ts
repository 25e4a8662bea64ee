# nn.GRU with layers, bidirectional, batch_first, no bias, a given h0 and unbatched input:
# outputs, final states and gradients of inputs and parameters.
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


torch.manual_seed(15)
configs = [nn.GRU(3, 4), nn.GRU(3, 4, num_layers=2, batch_first=True), nn.GRU(2, 3, bidirectional=True, bias=False),
           nn.GRU(3, 2, num_layers=2, bidirectional=True)]
inputs = [torch.randn(5, 2, 3), torch.randn(2, 5, 3), torch.randn(4, 3, 2), torch.randn(3, 4, 3)]
for i in range(len(configs)):
    gru = configs[i]
    print(gru, [list(p.shape) for p in gru.parameters()])
    x = inputs[i].clone().requires_grad_(True)
    out, h = gru(x)
    show("  out", out)
    show("  h", h)
    (out.pow(2).sum() + h.sum()).backward()
    show("  x.grad", x.grad)
    for n, p in gru.named_parameters():
        show("  " + n, p.grad)
h0 = torch.randn(4, 4, 2, requires_grad=True)
out, h = configs[3](inputs[3], h0)
h.pow(2).sum().backward()
show("h0.grad", h0.grad)
ou, hu = configs[1](torch.randn(6, 3))
show("unbatched", ou)
show("unbatched h", hu)
show("empty time", configs[0](torch.randn(5, 0, 3))[0])
