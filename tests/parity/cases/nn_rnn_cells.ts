# RNNCell (tanh, relu), LSTMCell and GRUCell with and without bias, given and default states,
# unbatched inputs, unrolled over several steps: states, input and parameter gradients.
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


torch.manual_seed(16)
seq = torch.randn(4, 3, 5, requires_grad=True)
rc = nn.RNNCell(5, 4)
rr = nn.RNNCell(5, 4, bias=False, nonlinearity="relu")
lc = nn.LSTMCell(5, 3)
gc = nn.GRUCell(5, 2, bias=False)
print(rc, rr, lc, gc)
h = torch.zeros(3, 4)
hr = torch.randn(3, 4)
hl = torch.zeros(3, 3)
cl = torch.zeros(3, 3)
hg = torch.ones(3, 2)
for t in range(4):
    h = rc(seq[t], h)
    hr = rr(seq[t], hr)
    hl, cl = lc(seq[t], (hl, cl))
    hg = gc(seq[t], hg)
for name, s in [("rnn", h), ("relu", hr), ("lstm.h", hl), ("lstm.c", cl), ("gru", hg)]:
    show(name, s)
(h.sum() + hr.pow(2).sum() + hl.sum() + cl.sum() + hg.sum()).backward()
show("seq.grad", seq.grad)
for cell in [rc, rr, lc, gc]:
    for n, p in cell.named_parameters():
        show("  " + n, p.grad)
x1 = torch.randn(5)
show("rnn default h", rc(torch.randn(3, 5)))
show("rnn unbatched", rc(x1))
hu, cu = lc(x1)
show("lstm unbatched", hu)
show("gru unbatched", gc(x1, torch.zeros(2)))
show("noncontig", gc(torch.randn(5, 3).t()))
