# torch.nn's Flatten and Unflatten.
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module
from torch.nn.functional_args import _ints


class Flatten(Module):
    def __init__(self, start_dim: int = 1, end_dim: int = -1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self) -> str:
        return "start_dim={}, end_dim={}".format(self.start_dim, self.end_dim)


class Unflatten(Module):
    def __init__(self, dim: int, unflattened_size: Any):
        super().__init__()
        self.dim = dim
        self.unflattened_size = unflattened_size

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return input.unflatten(self.dim, _ints(self.unflattened_size, 1))

    def extra_repr(self) -> str:
        return "dim={}, unflattened_size={}".format(self.dim, self.unflattened_size)
