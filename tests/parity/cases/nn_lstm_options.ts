# nn.LSTM with layers, bidirectional, batch_first, no bias, given (h0, c0), dropout=0 between
# layers and unbatched input: outputs, final states and gradients of inputs and parameters.
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


torch.manual_seed(14)
configs = [nn.LSTM(3, 4), nn.LSTM(3, 4, num_layers=3, batch_first=True), nn.LSTM(2, 3, bidirectional=True, bias=False),
           nn.LSTM(3, 2, num_layers=2, bidirectional=True, batch_first=True, dropout=0.0)]
inputs = [torch.randn(5, 2, 3), torch.randn(2, 5, 3), torch.randn(4, 3, 2), torch.randn(3, 4, 3)]
for i in range(len(configs)):
    lstm = configs[i]
    print(lstm, len(lstm.state_dict()))
    x = inputs[i].clone().requires_grad_(True)
    out, (h, c) = lstm(x)
    show("  out", out)
    show("  h", h)
    show("  c", c)
    (out.pow(2).sum() + h.sum() - c.sum()).backward()
    show("  x.grad", x.grad)
    for n, p in lstm.named_parameters():
        show("  " + n, p.grad)
l = configs[3]
h0 = torch.randn(4, 3, 2, requires_grad=True)
c0 = torch.randn(4, 3, 2, requires_grad=True)
out, (h, c) = l(inputs[3], (h0, c0))
(out.sum() + c.sum()).backward()
show("h0.grad", h0.grad)
show("c0.grad", c0.grad)
ou, (hu, cu) = configs[0](torch.randn(6, 3))
show("unbatched", ou)
print(list(hu.shape), list(cu.shape))
show("noncontig", configs[0](inputs[1].transpose(0, 1))[0])
