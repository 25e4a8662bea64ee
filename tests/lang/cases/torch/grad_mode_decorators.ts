# @torch.no_grad() and @torch.enable_grad() on functions and methods: the body runs in that grad
# mode, the caller's mode is back afterwards (also when the body raises), and decorators stack
# (the innermost applies last).
import torch
import torch.nn as nn


@torch.no_grad()
def double(t: torch.Tensor) -> torch.Tensor:
    return t * 2


@torch.enable_grad()
def square(t: torch.Tensor) -> torch.Tensor:
    return t * t


@torch.no_grad()
def fails(t: torch.Tensor) -> torch.Tensor:
    if torch.is_grad_enabled():
        return t
    raise ValueError("grad is off here")


@torch.no_grad()
@torch.enable_grad()
def stacked(t: torch.Tensor) -> bool:
    return (t * 2).requires_grad


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(x)

    @torch.no_grad()
    def predict(self, x: torch.Tensor) -> torch.Tensor:
        return self.forward(x)


x = torch.ones(2, requires_grad=True)
print(double(x).requires_grad, torch.is_grad_enabled())
with torch.no_grad():
    print(square(x).requires_grad, torch.is_grad_enabled())
try:
    fails(x)
except ValueError as e:
    print(e, torch.is_grad_enabled())
print(stacked(x))
net = Net()
print(net.predict(torch.ones(1, 2)).requires_grad, net(torch.ones(1, 2)).requires_grad)
