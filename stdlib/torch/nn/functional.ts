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


def sigmoid(input: torch.Tensor) -> torch.Tensor:
    return torch.sigmoid(input)


def tanh(input: torch.Tensor) -> torch.Tensor:
    return torch.tanh(input)


def softmax(input: torch.Tensor, dim: int) -> torch.Tensor:
    return torch.softmax(input, dim)


def log_softmax(input: torch.Tensor, dim: int) -> torch.Tensor:
    return torch.log_softmax(input, dim)


def dropout(input: torch.Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> torch.Tensor:
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
    if inplace:
        return input.copy_(torch.dropout(input, p, training))
    return torch.dropout(input, p, training)


def nll_loss(input: torch.Tensor, target: torch.Tensor, weight: Optional[torch.Tensor] = None,
             ignore_index: int = -100, reduction: str = "mean") -> torch.Tensor:
    return torch.nll_loss(input, target, weight, _reduction(reduction), ignore_index)


def cross_entropy(input: torch.Tensor, target: torch.Tensor, weight: Optional[torch.Tensor] = None,
                  ignore_index: int = -100, reduction: str = "mean", label_smoothing: float = 0.0) -> torch.Tensor:
    if label_smoothing != 0.0:
        raise NotImplementedError("cross_entropy: label_smoothing is not supported yet")
    return nll_loss(log_softmax(input, 1), target, weight, ignore_index, reduction)
