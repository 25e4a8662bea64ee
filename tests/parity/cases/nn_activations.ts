# Every activation module: printed form, values on a grid and gradients.
import torch
import torch.nn as nn
from typing import List

a = torch.linspace(-4, 4, 17)
mods: List[nn.Module] = [nn.ReLU(), nn.ReLU6(), nn.LeakyReLU(0.1), nn.ELU(0.5), nn.CELU(1.5), nn.SELU(), nn.GELU(),
                         nn.GELU("tanh"), nn.SiLU(), nn.Mish(), nn.Softplus(2, 10), nn.Sigmoid(), nn.Tanh(),
                         nn.Hardtanh(-2.0, 2.0), nn.Hardsigmoid(), nn.Hardswish(), nn.Softsign(), nn.Tanhshrink(),
                         nn.LogSigmoid(), nn.Threshold(0.5, -1.0), nn.PReLU(), nn.Softshrink(), nn.Hardshrink(1.0),
                         nn.Identity()]
for m in mods:
    x = a.clone().requires_grad_(True)
    y = m(x)
    y.sum().backward()
    print(m)
    print("  ", [round(v, 4) for v in y.tolist()])
    g = x.grad
    assert g is not None
    print("  ", [round(v, 4) for v in g.tolist()])
torch.manual_seed(0)
m2 = torch.randn(2, 3, 4)
for m in [nn.Softmax(1), nn.LogSoftmax(2), nn.Softmin(0), nn.GLU(2), nn.PReLU(3), nn.Softmax2d()]:
    print(m, round(m(m2).sum().item(), 4), round(m(m2).abs().sum().item(), 4))
