# A method with *args reached through Any, or in place of a base method without one (a module's
# forward called through an nn.Module-typed value), gathers its extra arguments into the tuple.
# expect: torch.Size([4, 2]) 1
# expect: torch.Size([4, 2]) 1
# expect: 3 (1, 2, 3)
# expect: 0 ()
import torch
import torch.nn as nn
from typing import Any


class Wrap(nn.Module):
    def __init__(self, m: nn.Module):
        super().__init__()
        self.m = m
        self.calls = 0

    def forward(self, *inputs: Any) -> Any:
        self.calls += 1
        f: Any = self.m
        return f(*inputs)


class Count:
    def count(self, *xs: int) -> int:
        return len(xs)

    def show(self, *xs: int) -> str:
        return str(xs)


torch.manual_seed(0)
lin = nn.Linear(3, 2)
a: nn.Module = Wrap(lin)
b: Any = Wrap(lin)
x = torch.ones(4, 3)
print(a(x).shape, b.calls + 1)
print(b(x).shape, b.calls)
c: Any = Count()
print(c.count(1, 2, 3), c.show(1, 2, 3))
print(c.count(), c.show())
