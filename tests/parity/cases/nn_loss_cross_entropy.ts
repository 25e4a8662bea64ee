# CrossEntropyLoss and NLLLoss in depth: each reduction with class weights, ignore_index and
# label_smoothing together, probability targets, K-dimensional inputs (N, C, d1, d2), unbatched
# inputs, all targets ignored: values and input gradients.
import math
import torch
import torch.nn as nn
from typing import Any
import torch.nn.functional as F


def sig(v: float) -> float:
    # four significant digits; values below 1e-4 print as 0.0
    if v != v:
        return v
    if abs(v) < 1e-4:
        return 0.0
    return round(v, 3 - int(math.floor(math.log10(abs(v))))) + 0.0


def run(name: str, loss: Any, x0: torch.Tensor, t: torch.Tensor) -> None:
    x = x0.clone().requires_grad_(True)
    out = loss(x, t)
    if out.dim() > 0:
        (out * torch.arange(1.0, out.numel() + 1.0).reshape(out.shape)).sum().backward()
    else:
        out.backward()
    g = x.grad
    assert g is not None
    print(name, list(out.shape), sig(out.sum().item()), sig(g.abs().sum().item()), sig(g.sum().item()))


torch.manual_seed(23)
x = torch.randn(6, 4)
y = torch.tensor([0, 3, 1, 1, 2, 3])
w = torch.tensor([0.5, 2.0, 1.0, 1.5])
for r in ["none", "mean", "sum"]:
    run("ce " + r, nn.CrossEntropyLoss(reduction=r), x, y)
    run("ce weight " + r, nn.CrossEntropyLoss(weight=w, reduction=r), x, y)
    run("ce ignore " + r, nn.CrossEntropyLoss(ignore_index=1, reduction=r), x, y)
    run("ce smooth " + r, nn.CrossEntropyLoss(label_smoothing=0.2, reduction=r), x, y)
    run("ce all " + r, nn.CrossEntropyLoss(weight=w, ignore_index=3, label_smoothing=0.1, reduction=r), x, y)
    probs = F.softmax(torch.randn(6, 4), 1)
    run("ce probs " + r, nn.CrossEntropyLoss(reduction=r), x, probs)
    run("ce probs smooth weight " + r, nn.CrossEntropyLoss(weight=w, label_smoothing=0.3, reduction=r), x, probs)
    run("nll weight ignore " + r, nn.NLLLoss(weight=w, ignore_index=0, reduction=r), F.log_softmax(x, 1), y)
xk = torch.randn(2, 3, 4, 2)
yk = torch.randint(0, 3, (2, 4, 2))
for r in ["none", "mean", "sum"]:
    run("ce 4d " + r, nn.CrossEntropyLoss(reduction=r, weight=torch.tensor([1.0, 0.2, 3.0])), xk, yk)
    run("nll 4d " + r, nn.NLLLoss(reduction=r, ignore_index=2), F.log_softmax(xk, 1), yk)
run("ce unbatched", nn.CrossEntropyLoss(), torch.randn(5), torch.tensor(2))
run("ce all ignored", nn.CrossEntropyLoss(ignore_index=1), x, torch.ones(6, dtype=torch.long))
run("ce noncontig", nn.CrossEntropyLoss(), torch.randn(4, 6).t(), y)
run("ce empty sum", nn.CrossEntropyLoss(reduction="sum"), torch.zeros(0, 4), torch.zeros(0, dtype=torch.long))
print(nn.CrossEntropyLoss(weight=w, ignore_index=3, label_smoothing=0.1), nn.NLLLoss(reduction="sum"))
try:
    nn.CrossEntropyLoss()(x, torch.tensor([0, 1]))
except ValueError as e:
    print("ValueError:", e)
try:
    nn.NLLLoss()(x, torch.tensor([0, 1, 2, 3, 4, 0]))
except IndexError as e:
    print("IndexError:", e)
