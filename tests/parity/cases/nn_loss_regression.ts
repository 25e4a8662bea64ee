# The regression losses (MSELoss, L1Loss, SmoothL1Loss with beta, HuberLoss with delta,
# PoissonNLLLoss, GaussianNLLLoss) with each reduction: values and gradients of input and target,
# broadcastable variance, non-contiguous inputs and zero-size inputs.
import math
import torch
import torch.nn as nn
from typing import List, Any


def sig(v: float) -> float:
    # four significant digits; values below 1e-4 print as 0.0
    if v != v:
        return v
    if abs(v) < 1e-4:
        return 0.0
    return round(v, 3 - int(math.floor(math.log10(abs(v))))) + 0.0


def run(name: str, loss: Any, a0: torch.Tensor, b0: torch.Tensor) -> None:
    a = a0.clone().requires_grad_(True)
    b = b0.clone().requires_grad_(True)
    out = loss(a, b)
    out.pow(2).sum().backward()
    ga = a.grad
    gb = b.grad
    assert ga is not None and gb is not None
    print(name, list(out.shape), sig(out.sum().item()), sig(ga.abs().sum().item()),
          sig(gb.abs().sum().item()))


torch.manual_seed(24)
x = torch.randn(3, 5)
t = torch.randn(3, 5)
for r in ["none", "mean", "sum"]:
    mods: List[nn.Module] = [nn.MSELoss(reduction=r), nn.L1Loss(reduction=r), nn.SmoothL1Loss(reduction=r),
                             nn.SmoothL1Loss(reduction=r, beta=2.0), nn.SmoothL1Loss(reduction=r, beta=0.0),
                             nn.HuberLoss(reduction=r), nn.HuberLoss(reduction=r, delta=0.3)]
    for m in mods:
        run(str(m) + " " + r, m, x, t)
    run("poisson log " + r, nn.PoissonNLLLoss(reduction=r), x, t.abs())
    run("poisson " + r, nn.PoissonNLLLoss(log_input=False, reduction=r), x.abs() + 0.1, t.abs())
    run("poisson full " + r, nn.PoissonNLLLoss(full=True, reduction=r), x, t.abs() * 3)
    g = nn.GaussianNLLLoss(reduction=r)
    v = torch.rand(3, 5) + 0.1
    xv = x.clone().requires_grad_(True)
    vv = v.clone().requires_grad_(True)
    out = g(xv, t, vv)
    out.sum().backward()
    gx = xv.grad
    gv = vv.grad
    assert gx is not None and gv is not None
    print("gaussian " + r, sig(out.sum().item()), sig(gx.abs().sum().item()), sig(gv.sum().item()))
    out2 = nn.GaussianNLLLoss(full=True, eps=0.5, reduction=r)(x, t, torch.rand(3, 1) * 0.1)
    print("gaussian broadcast var " + r, sig(out2.sum().item()))
run("mse noncontig", nn.MSELoss(), x.t(), torch.randn(3, 5).t())
run("l1 empty", nn.L1Loss(reduction="sum"), torch.zeros(0, 2), torch.zeros(0, 2))
print(nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(delta=2.0), nn.PoissonNLLLoss(), nn.GaussianNLLLoss())
try:
    nn.MSELoss(reduction="avg")(x, t)
except ValueError as e:
    print("ValueError:", e)
try:
    nn.GaussianNLLLoss()(x, t, -torch.ones(3, 5))
except ValueError as e:
    print("ValueError:", e)
