# Attributes narrowed like locals: `if self.b is not None:`, and after `if self.h is None: self.h = ...`.
import torch
import torch.nn as nn
from typing import Optional


class M(nn.Module):
    def __init__(self, bias: bool):
        super().__init__()
        self.w = torch.ones(3)
        self.b: Optional[torch.Tensor] = torch.full((3,), 0.5) if bias else None
        self.h: Optional[torch.Tensor] = None

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x * self.w
        if self.b is not None:
            y = y + self.b
        if self.h is None:
            self.h = torch.zeros(3)
        self.h = self.h + y
        return y + self.h

    def reset(self) -> None:
        self.h = None


m = M(True)
print(m(torch.ones(3)), m(torch.ones(3)))
m.reset()
print(M(False)(torch.ones(3)))
