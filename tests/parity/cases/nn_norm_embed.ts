# BatchNorm (running statistics, momentum, num_batches_tracked, eval), LayerNorm, GroupNorm,
# Embedding with padding_idx, Dropout2d, activations.
import torch
import torch.nn as nn
from typing import Optional


def show(name: str, t: Optional[torch.Tensor]) -> None:
    if t is None:
        print(name, None)
        return
    # + 0.0 turns a rounded -0.0 into 0.0 (sums of normalized values are near zero)
    print(name, list(t.shape), round(t.sum().item(), 4) + 0.0, round(t.abs().max().item(), 4))


torch.manual_seed(1)
bn = nn.BatchNorm2d(3)
bn1 = nn.BatchNorm1d(4, momentum=None)
print(bn, bn1)
x = torch.randn(4, 3, 5, 5) * 2 + 1
for step in range(3):
    y = bn(x + step)
    show("bn.train", y)
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn.eval()
show("bn.eval", bn(x))
v = torch.randn(6, 4)
for step in range(2):
    show("bn1", bn1(v * (step + 1)))
print(bn1.running_var, bn1.num_batches_tracked)
ln = nn.LayerNorm(5)
gn = nn.GroupNorm(3, 6)
print(ln, gn)
w = torch.randn(2, 6, 5, requires_grad=True)
out = ln(w).pow(2).sum() + gn(w).mul(torch.arange(5.0)).sum()
out.backward()
show("ln+gn grad", w.grad)
for n, p in ln.named_parameters():
    show(n, p.grad)
for n, p in gn.named_parameters():
    show(n, p.grad)
emb = nn.Embedding(10, 3, padding_idx=0)
print(emb)
show("emb.weight", emb.weight)
idx = torch.tensor([[0, 2, 4], [4, 3, 0]])
e = emb(idx)
show("emb", e)
e.sum().backward()
print(emb.weight.grad)
d2 = nn.Dropout2d(0.5)
print(d2)
show("dropout2d", d2(torch.ones(2, 4, 3, 3)))
d2.eval()
show("dropout2d.eval", d2(torch.ones(2, 4, 3, 3)))
a = torch.linspace(-3, 3, 13)
for m in [nn.LeakyReLU(), nn.LeakyReLU(0.2), nn.GELU(), nn.GELU("tanh"), nn.ELU(), nn.SiLU(), nn.ReLU6(), nn.Softplus(),
          nn.Identity()]:
    print(m, m(a))
