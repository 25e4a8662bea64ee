# torch.nn.functional's multi_margin, multilabel_margin, triplet_margin and CTC losses (the others
# are in functional.ts), following PyTorch 1.13's functional.py. functional.ts re-exports every
# public name here.
import torch
from typing import Optional


def _reduction_enum(reduction: str) -> int:
    if reduction == "none":
        return 0
    if reduction == "mean":
        return 1
    if reduction == "sum":
        return 2
    raise ValueError(reduction + " is not a valid value for reduction")


def _legacy_enum(size_average: Optional[bool], reduce: Optional[bool], reduction: str) -> int:
    # PyTorch's deprecated size_average/reduce arguments, when given, decide the reduction.
    if size_average is None and reduce is None:
        return _reduction_enum(reduction)
    sa = True if size_average is None else size_average
    rd = True if reduce is None else reduce
    if sa and rd:
        return 1
    return 2 if rd else 0


def multi_margin_loss(input: torch.Tensor, target: torch.Tensor, p: int = 1, margin: float = 1.0,
                      weight: Optional[torch.Tensor] = None, size_average: Optional[bool] = None,
                      reduce: Optional[bool] = None, reduction: str = "mean") -> torch.Tensor:
    r = _legacy_enum(size_average, reduce, reduction)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None:
        if weight.dim() != 1:
            raise ValueError("weight must be one-dimensional")
    return torch.multi_margin_loss(input, target, p, margin, weight, r)


def multilabel_margin_loss(input: torch.Tensor, target: torch.Tensor, size_average: Optional[bool] = None,
                           reduce: Optional[bool] = None, reduction: str = "mean") -> torch.Tensor:
    return torch.multilabel_margin_loss(input, target, _legacy_enum(size_average, reduce, reduction))


def triplet_margin_loss(anchor: torch.Tensor, positive: torch.Tensor, negative: torch.Tensor, margin: float = 1.0,
                        p: float = 2, eps: float = 1e-6, swap: bool = False, size_average: Optional[bool] = None,
                        reduce: Optional[bool] = None, reduction: str = "mean") -> torch.Tensor:
    r = _legacy_enum(size_average, reduce, reduction)
    return torch.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, r)


def ctc_loss(log_probs: torch.Tensor, targets: torch.Tensor, input_lengths: torch.Tensor,
             target_lengths: torch.Tensor, blank: int = 0, reduction: str = "mean",
             zero_infinity: bool = False) -> torch.Tensor:
    return torch.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, _reduction_enum(reduction),
                          zero_infinity)
