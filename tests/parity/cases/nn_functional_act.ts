# torch.nn.functional's activation functions and their inplace= forms, prelu, the shrinks, glu,
# normalize, group_norm and the transposed convolutions, with their errors.
import torch
import torch.nn.functional as F
from typing import List

torch.manual_seed(0)
a = torch.linspace(-7, 7, 15)


def show(name: str, t: torch.Tensor) -> None:
    print(name, [round(v, 4) for v in t.flatten().tolist()])


show("threshold", F.threshold(a, 0.5, -2.0))
show("hardtanh", F.hardtanh(a, -2.0, 3.0))
show("relu6", F.relu6(a))
show("elu", F.elu(a, 0.5))
show("selu", F.selu(a))
show("celu", F.celu(a, 2.0))
show("silu", F.silu(a))
show("mish", F.mish(a))
show("hardsigmoid", F.hardsigmoid(a))
show("hardswish", F.hardswish(a))
show("logsigmoid", F.logsigmoid(a))
show("softplus", F.softplus(a, 0.5, 3.0))
show("softshrink", F.softshrink(a, 1.5))
show("hardshrink", F.hardshrink(a, 2.0))
show("leaky_relu_", F.leaky_relu_(a.clone(), 0.2))
show("relu_", F.relu_(a.clone()))
# inplace=True writes into the argument
names: List[str] = ["threshold", "hardtanh", "relu6", "elu", "selu", "celu", "silu", "mish", "hardsigmoid",
                    "hardswish", "elu_", "selu_", "celu_", "hardtanh_", "threshold_"]
for n in names:
    b = a.clone()
    if n == "threshold":
        F.threshold(b, 1.0, 9.0, inplace=True)
    elif n == "hardtanh":
        F.hardtanh(b, inplace=True)
    elif n == "relu6":
        F.relu6(b, inplace=True)
    elif n == "elu":
        F.elu(b, inplace=True)
    elif n == "selu":
        F.selu(b, inplace=True)
    elif n == "celu":
        F.celu(b, inplace=True)
    elif n == "silu":
        F.silu(b, inplace=True)
    elif n == "mish":
        F.mish(b, inplace=True)
    elif n == "hardsigmoid":
        F.hardsigmoid(b, inplace=True)
    elif n == "hardswish":
        F.hardswish(b, inplace=True)
    elif n == "elu_":
        F.elu_(b, 2.0)
    elif n == "selu_":
        F.selu_(b)
    elif n == "celu_":
        F.celu_(b, 0.5)
    elif n == "hardtanh_":
        F.hardtanh_(b, 0.0, 2.0)
    else:
        F.threshold_(b, 0.0, 5.0)
    show(n + " inplace", b)

x = torch.randn(2, 3, 4)
show("prelu 1", F.prelu(x, torch.tensor([0.25])))
show("prelu 3", F.prelu(x, torch.tensor([0.1, 0.2, 0.3])))
try:
    F.prelu(x, torch.tensor([0.1, 0.2]))
except RuntimeError as e:
    print("prelu error:", e)
show("glu", F.glu(x, 2))
show("glu -1", F.glu(x))
try:
    F.glu(torch.tensor(1.0))
except RuntimeError as e:
    print("glu error:", e)
show("normalize", F.normalize(x))
show("normalize p1 dim2", F.normalize(x, 1.0, 2))
show("group_norm", F.group_norm(torch.randn(2, 4, 3), 2, torch.randn(4), torch.randn(4)))
try:
    F.group_norm(torch.randn(1, 2), 2)
except ValueError as e:
    print("group_norm error:", e)
w1 = torch.randn(3, 2, 3)
show("conv_transpose1d", F.conv_transpose1d(x, w1, None, 2, 1, 1))
w2 = torch.randn(2, 3, 2, 2)
show("conv_transpose2d", F.conv_transpose2d(torch.randn(1, 2, 3, 3), w2, torch.randn(3), (2, 1), 0, 0, 1, 1))
# gradients through the functional forms
y = a.clone().requires_grad_(True)
(F.hardtanh(y, -2.0, 3.0) + F.relu6(y) + F.selu(y) + F.celu(y) + F.mish(y) + F.softshrink(y) + F.logsigmoid(y)).sum().backward()
g = y.grad
assert g is not None
show("grad", g)
