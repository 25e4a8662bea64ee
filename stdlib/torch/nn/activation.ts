# torch.nn's RReLU (the other activation modules are in layers.ts).
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module
import torch.nn.functional as F


class RReLU(Module):
    def __init__(self, lower: float = 1. / 8, upper: float = 1. / 3, inplace: bool = False):
        super().__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self) -> str:
        return "lower={}, upper={}{}".format(self.lower, self.upper, ", inplace=True" if self.inplace else "")
