# torch.jit's markers on functions and methods (script, script_method, export, ignore, unused) run as eager PyTorch runs them; is_scripting/is_tracing are False.
import torch
import torch.nn as nn
from torch import jit
from typing import List


@torch.jit.script
def scaled_sum(x: torch.Tensor, k: float) -> torch.Tensor:
    return (x * k).sum()


@jit.script
def count_positive(xs: List[int]) -> int:
    n = 0
    for v in xs:
        if v > 0:
            n += 1
    return n


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if torch.jit.is_scripting():
            return self.fc(x)
        return self.helper(self.fc(x))

    @torch.jit.ignore
    def helper(self, y: torch.Tensor) -> torch.Tensor:
        return y * 2

    @torch.jit.export
    def describe(self) -> str:
        return "Net with " + str(self.fc.in_features) + " inputs"

    @torch.jit.unused
    def debug(self, y: torch.Tensor) -> torch.Tensor:
        return y + 1

    @torch.jit.ignore(drop=False)
    def extra(self) -> int:
        return 7


torch.manual_seed(0)
x = torch.arange(8.0).reshape(2, 4)
print(scaled_sum(x, 0.5).item(), count_positive([1, -2, 3, 0]))
net = Net()
print(net(x).shape, net.describe(), net.debug(x).shape, net.extra())
print(torch.jit.is_scripting(), torch.jit.is_tracing())
print(round(net(x).sum().item(), 5))
