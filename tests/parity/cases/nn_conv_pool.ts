# Conv1d/Conv2d (stride, padding, dilation, groups, no bias), pooling and Flatten: default init
# under manual_seed, forward values and parameter gradients.
import torch
import torch.nn as nn
from typing import Optional


def show(name: str, t: Optional[torch.Tensor]) -> None:
    if t is None:
        print(name, None)
        return
    # + 0.0 turns a rounded -0.0 into 0.0 (sums of normalized values are near zero)
    print(name, list(t.shape), round(t.sum().item(), 4) + 0.0, round(t.abs().max().item(), 4))


torch.manual_seed(0)
c1 = nn.Conv2d(2, 4, 3)
c2 = nn.Conv2d(4, 6, (3, 2), stride=2, padding=1, bias=False)
c3 = nn.Conv2d(6, 6, 3, padding="same", groups=3, dilation=2)
c4 = nn.Conv1d(3, 2, 2, stride=1)
print(c1, c2, c3, c4)
show("c1.weight", c1.weight)
show("c1.bias", c1.bias)
x = torch.randn(2, 2, 9, 8, requires_grad=True)
y = c3(c2(c1(x)))
show("y", y)
pools = [nn.MaxPool2d(2), nn.MaxPool2d(3, stride=1, padding=1), nn.AvgPool2d(2), nn.AdaptiveAvgPool2d((2, 1)),
         nn.AdaptiveMaxPool2d(2)]
for p in pools:
    print(p)
    show("pool", p(y))
z = nn.Flatten()(nn.MaxPool2d(2)(y))
show("flat", z)
loss = (z * z).sum() + y.mean()
loss.backward()
show("x.grad", x.grad)
show("c1.weight.grad", c1.weight.grad)
show("c2.weight.grad", c2.weight.grad)
for n, prm in c3.named_parameters():
    show(n, prm.grad)
s = torch.randn(4, 3, 10)
show("conv1d", c4(s))
show("maxpool1d", nn.MaxPool1d(2)(s))
show("avgpool1d", nn.AvgPool1d(3, stride=1)(s))
show("adaptive1d", nn.AdaptiveAvgPool1d(4)(s))
print(nn.MaxPool1d(2), nn.AvgPool1d(3, stride=1), nn.AdaptiveAvgPool1d(4), nn.Flatten(0, 1), nn.Unflatten(1, [2, 5]), nn.Unflatten(1, (2, 5)))
show("unflatten", nn.Unflatten(2, [2, 5])(s))
