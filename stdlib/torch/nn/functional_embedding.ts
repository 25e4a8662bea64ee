# torch.nn.functional's embedding_bag and one_hot (embedding is in functional.ts), following
# PyTorch 1.13's functional.py. functional.ts re-exports every public name here.
import torch
from typing import Optional


def one_hot(tensor: torch.Tensor, num_classes: int = -1) -> torch.Tensor:
    return torch.one_hot(tensor, num_classes)


def _embedding_renorm_(weight: torch.Tensor, input: torch.Tensor, max_norm: float, norm_type: float) -> None:
    # PyTorch's embedding_renorm_: each referenced row whose norm exceeds max_norm is scaled in place
    # by max_norm / (norm + 1e-7), the scale computed in double as its CPU kernel does.
    with torch.no_grad():
        rows = torch._unique(input.reshape(-1))[0]
        for i in range(rows.numel()):
            r = int(rows[i].item())
            n = weight[r].norm(norm_type).item()
            if n > max_norm:
                weight[r].mul_(max_norm / (n + 1e-7))


def embedding_bag(input: torch.Tensor, weight: torch.Tensor, offsets: Optional[torch.Tensor] = None,
                  max_norm: Optional[float] = None, norm_type: float = 2, scale_grad_by_freq: bool = False,
                  mode: str = "mean", sparse: bool = False, per_sample_weights: Optional[torch.Tensor] = None,
                  include_last_offset: bool = False, padding_idx: Optional[int] = None) -> torch.Tensor:
    inp = input
    psw = per_sample_weights
    if psw is not None and inp.size() != psw.size():
        raise ValueError("embedding_bag: If per_sample_weights ({}) is not None, then it must have the same shape as "
                         "the input ({})".format(psw.shape, inp.shape))
    offs = offsets
    if inp.dim() == 2:
        if offs is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch of "
                             "fixed length sequences. However, found offsets of type <class 'torch.Tensor'>")
        offs = torch.arange(0, inp.numel(), inp.size(1), dtype=inp.dtype)
        inp = inp.reshape(-1)
        if psw is not None:
            psw = psw.reshape(-1)
    elif inp.dim() == 1:
        if offs is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offs.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError("input has to be 1D or 2D Tensor, but got Tensor of dimension {}".format(inp.dim()))
    if mode == "sum":
        mode_enum = 0
    elif mode == "mean":
        mode_enum = 1
    elif mode == "max":
        mode_enum = 2
        if scale_grad_by_freq:
            raise ValueError("max mode does not support scaling the gradient by the frequency")
        if sparse:
            raise ValueError("max mode does not support sparse weights")
    else:
        raise ValueError("mode has to be one of sum, mean or max")
    if max_norm is not None:
        _embedding_renorm_(weight, inp, max_norm, norm_type)
    if psw is not None and mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  "supported for mode='sum' (got mode='{}'). Please open a feature request on "
                                  "GitHub.".format(mode))
    assert offs is not None
    ret, _a, _b, _c = torch.embedding_bag(weight, inp, offs, scale_grad_by_freq, mode_enum, sparse, psw,
                                          include_last_offset, padding_idx)
    return ret
