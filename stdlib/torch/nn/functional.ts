# torch.nn.functional: PyTorch's signatures over the operator library.
import torch
from typing import Optional


def _reduction(reduction: str) -> int:
    if reduction == "none":
        return 0
    if reduction == "mean":
        return 1
    if reduction == "sum":
        return 2
    raise ValueError(reduction + " is not a valid value for reduction")


def relu(input: torch.Tensor, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return input.relu_()
    return torch.relu(input)


def linear(input: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None) -> torch.Tensor:
    return torch.linear(input, weight, bias)


def mse_loss(input: torch.Tensor, target: torch.Tensor, reduction: str = "mean") -> torch.Tensor:
    return torch.mse_loss(input, target, _reduction(reduction))
