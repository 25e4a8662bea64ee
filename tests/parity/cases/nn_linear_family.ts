# Linear (with and without bias, batched and 1-d inputs), Bilinear, Identity, Flatten and
# Unflatten: printing, default init under manual_seed, forward values, input and parameter grads.
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


torch.manual_seed(3)
lin = nn.Linear(5, 3)
lin_nb = nn.Linear(5, 2, bias=False)
bil = nn.Bilinear(4, 3, 2)
bil_nb = nn.Bilinear(2, 2, 3, bias=False)
print(lin, lin_nb, bil, bil_nb)
for n, p in list(lin.named_parameters()) + list(bil.named_parameters()):
    show(n, p)
x = torch.randn(2, 4, 5, requires_grad=True)
y = lin(x)
show("lin", y)
(y * torch.arange(3.0)).sum().backward()
show("x.grad", x.grad)
show("lin.weight.grad", lin.weight.grad)
lb = lin.bias
assert lb is not None
show("lin.bias.grad", lb.grad)
v = torch.randn(5, requires_grad=True)
out = lin_nb(v)
show("lin_nb 1-d", out)
out.pow(2).sum().backward()
show("v.grad", v.grad)
show("lin_nb.weight.grad", lin_nb.weight.grad)
print(lin_nb.bias)
a = torch.randn(3, 4, requires_grad=True)
b = torch.randn(3, 3, requires_grad=True)
z = bil(a, b)
show("bil", z)
z.sin().sum().backward()
show("a.grad", a.grad)
show("b.grad", b.grad)
show("bil.weight.grad", bil.weight.grad)
bb = bil.bias
assert bb is not None
show("bil.bias.grad", bb.grad)
show("bil_nb", bil_nb(torch.ones(2), torch.arange(2.0)))
ident = nn.Identity(54, "unused")
print(ident, ident(torch.ones(2)).tolist())
fl = nn.Flatten()
fl2 = nn.Flatten(0, 2)
uf = nn.Unflatten(1, (2, 3))
print(fl, fl2, uf)
t = torch.arange(24.0).reshape(2, 3, 4).requires_grad_(True)
print(fl(t).shape, fl2(t).shape, uf(torch.zeros(4, 6, 5)).shape)
tt = t.transpose(1, 2)
r = fl(tt)
print(r[0].tolist())
(r * r).sum().backward()
show("t.grad", t.grad)
print(nn.Flatten(-2, -1)(t).shape, nn.Unflatten(-1, (2, -1))(t).shape)
try:
    lin(torch.randn(2, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
