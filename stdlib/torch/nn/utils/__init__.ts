# torch.nn.utils: gradient clipping (clip_grad_norm_, clip_grad_value_) and the conversions
# between parameters and one vector (parameters_to_vector, vector_to_parameters), computed as
# PyTorch 1.13 computes them (torch/nn/utils/clip_grad.py, convert_parameters.py);
# torch.nn.utils.rnn is rnn.ts. `parameters` is a tensor or an iterable of them, as in PyTorch.
import math
import torch
import torch.nn.utils.rnn as rnn
from typing import Any, List


def _with_grads(parameters: Any) -> List[torch.Tensor]:
    ps: List[torch.Tensor] = [parameters] if isinstance(parameters, torch.Tensor) else list(parameters)
    grads: List[torch.Tensor] = []
    for p in ps:
        g = p.grad
        if g is not None:
            grads.append(g)
    return grads


def clip_grad_norm_(parameters: Any, max_norm: float, norm_type: float = 2.0,
                    error_if_nonfinite: bool = False) -> torch.Tensor:
    grads = _with_grads(parameters)
    max_norm = float(max_norm)
    norm_type = float(norm_type)
    if len(grads) == 0:
        return torch.tensor(0.0)
    if norm_type == math.inf:
        norms = [g.detach().abs().max() for g in grads]
        total_norm = norms[0] if len(norms) == 1 else torch.max(torch.stack(norms))
    else:
        total_norm = torch.norm(torch.stack([torch.norm(g.detach(), norm_type) for g in grads]), norm_type)
    if error_if_nonfinite and bool(torch.logical_or(total_norm.isnan(), total_norm.isinf())):
        raise RuntimeError(f"The total norm of order {norm_type} for gradients from `parameters` is non-finite, so it "
                           "cannot be clipped. To disable this error and scale the gradients by the non-finite norm "
                           "anyway, set `error_if_nonfinite=False`")
    clip_coef = max_norm / (total_norm + 1e-6)
    clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
    for g in grads:
        g.detach().mul_(clip_coef_clamped)
    return total_norm


def clip_grad_value_(parameters: Any, clip_value: float) -> None:
    clip_value = float(clip_value)
    for g in _with_grads(parameters):
        g.detach().clamp_(min=-clip_value, max=clip_value)


def parameters_to_vector(parameters: Any) -> torch.Tensor:
    vec: List[torch.Tensor] = []
    for param in list(parameters):
        vec.append(param.view(-1))
    return torch.cat(vec)


def vector_to_parameters(vec: Any, parameters: Any) -> None:
    if not isinstance(vec, torch.Tensor):
        raise TypeError("expected torch.Tensor, but got: " + type(vec).__name__)
    pointer = 0
    for param in list(parameters):
        num_param = param.numel()
        param.data = vec[pointer:pointer + num_param].view_as(param).data
        pointer += num_param
