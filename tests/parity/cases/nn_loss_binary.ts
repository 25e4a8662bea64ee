# The binary losses: BCELoss with per-element and broadcast weights, BCEWithLogitsLoss with
# weight and broadcast pos_weight, SoftMarginLoss and MultiLabelSoftMarginLoss with weights, each
# reduction: values and input gradients, clamping of log(0), and shape errors.
import math
import torch
import torch.nn as nn
from typing import Any


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
    (out * 1.5).sum().backward()
    g = x.grad
    assert g is not None
    print(name, list(out.shape), sig(out.sum().item()), sig(g.abs().sum().item()), sig(g.sum().item()))


torch.manual_seed(25)
x = torch.randn(4, 3)
p = torch.sigmoid(x)
bits = (torch.rand(4, 3) > 0.4).float()
soft = torch.rand(4, 3)
signs = bits * 2 - 1
w_el = torch.rand(4, 3) + 0.5
w_col = torch.tensor([0.5, 1.0, 2.0])
pw = torch.tensor([3.0, 1.0, 0.25])
for r in ["none", "mean", "sum"]:
    run("bce " + r, nn.BCELoss(reduction=r), p, bits)
    run("bce soft " + r, nn.BCELoss(reduction=r), p, soft)
    run("bce weight " + r, nn.BCELoss(weight=w_el, reduction=r), p, bits)
    run("bce weight col " + r, nn.BCELoss(weight=w_col, reduction=r), p, soft)
    run("logits " + r, nn.BCEWithLogitsLoss(reduction=r), x * 4, bits)
    run("logits weight " + r, nn.BCEWithLogitsLoss(weight=w_col, reduction=r), x, soft)
    run("logits pos_weight " + r, nn.BCEWithLogitsLoss(pos_weight=pw, reduction=r), x, bits)
    run("logits both " + r, nn.BCEWithLogitsLoss(weight=w_el, pos_weight=pw, reduction=r), x, soft)
    run("soft margin " + r, nn.SoftMarginLoss(reduction=r), x, signs)
    run("multilabel soft margin " + r, nn.MultiLabelSoftMarginLoss(reduction=r), x, bits)
    run("multilabel soft margin weight " + r, nn.MultiLabelSoftMarginLoss(weight=w_col, reduction=r), x, bits)
edge = torch.tensor([0.0, 1.0, 0.5, 1e-30])
print("bce clamp", nn.BCELoss(reduction="none")(edge, torch.tensor([1.0, 0.0, 1.0, 1.0])).tolist())
run("logits large", nn.BCEWithLogitsLoss(reduction="none"), torch.tensor([-100.0, 100.0, 30.0]), torch.tensor([1.0, 0.0, 1.0]))
run("bce noncontig", nn.BCELoss(), p.t(), bits.t())
run("bce empty", nn.BCELoss(reduction="sum"), torch.zeros(0), torch.zeros(0))
print(nn.BCELoss(), nn.BCEWithLogitsLoss(pos_weight=pw), nn.SoftMarginLoss(), nn.MultiLabelSoftMarginLoss())
try:
    nn.BCELoss()(p, torch.ones(3, 4))
except ValueError as e:
    print("ValueError:", e)
try:
    nn.BCEWithLogitsLoss()(x, torch.ones(4))
except ValueError as e:
    print("ValueError:", e)
