# torch.distributions.utils: PyTorch 1.13's helpers the distributions share: broadcast_all (numbers
# become tensors of the first tensor's dtype and device, else of the default dtype, then all are
# broadcast), _standard_normal, logits_to_probs, probs_to_logits, clamp_probs, _sum_rightmost and
# euler_constant. broadcast_all takes a list where PyTorch takes *values (the distributions are
# its callers). Not there: lazy_property (the distributions keep their lazily computed probs /
# logits in Optional attributes behind properties), tril_matrix_to_vec, vec_to_tril_matrix.
import torch
import torch.nn.functional as F
from typing import Any, List, Optional

euler_constant = 0.57721566490153286060  # Euler Mascheroni Constant


def _is_number(v: Any) -> bool:
    return isinstance(v, bool) or isinstance(v, int) or isinstance(v, float)


def broadcast_all(values: List[Any]) -> List[torch.Tensor]:
    for v in values:
        if not isinstance(v, torch.Tensor) and not _is_number(v):
            raise ValueError('Input arguments must all be instances of numbers.Number, '
                             'torch.Tensor or objects implementing __torch_function__.')
    dtype = torch.get_default_dtype()
    device: Any = None
    for v in values:
        if isinstance(v, torch.Tensor):
            dtype = v.dtype
            device = v.device
            break
    tensors: List[torch.Tensor] = []
    for v in values:
        if isinstance(v, torch.Tensor):
            tensors.append(v)
        else:
            tensors.append(torch.tensor(v, dtype=dtype, device=device))
    return _broadcast_tensors(tensors)


def _broadcast_tensors(tensors: List[torch.Tensor]) -> List[torch.Tensor]:
    # torch.broadcast_tensors as ATen composes it (expand_outplace): a tensor already of the
    # broadcast shape is returned itself (so a leaf stays a leaf, a Parameter a Parameter), the
    # others expanded. The registry's broadcast_tensors (used here for the shape and PyTorch's
    # error) expands every tensor, and its backward fails when more than one of its results is
    # used ("the derivative for 'broadcast_tensors' is not implemented").
    with torch.no_grad():
        shape = list(torch.broadcast_tensors(tensors)[0].shape)
    out: List[torch.Tensor] = []
    for t in tensors:
        if list(t.shape) == shape:
            out.append(t)
        else:
            out.append(t.expand(shape))
    return out


def _numel(shape: Any) -> int:
    n = 1
    for s in list(shape):
        n = n * s
    return n


def _standard_normal(shape: Any, dtype: torch.dtype, device: Any) -> torch.Tensor:
    return torch.empty(list(shape), dtype=dtype, device=device).normal_()


def _sum_rightmost(value: torch.Tensor, dim: int) -> torch.Tensor:
    if dim == 0:
        return value
    required_shape = list(value.shape[:-dim]) + [-1]
    return value.reshape(required_shape).sum(-1)


def logits_to_probs(logits: torch.Tensor, is_binary: bool = False) -> torch.Tensor:
    if is_binary:
        return torch.sigmoid(logits)
    return F.softmax(logits, dim=-1)


def clamp_probs(probs: torch.Tensor) -> torch.Tensor:
    eps = torch.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs: torch.Tensor, is_binary: bool = False) -> torch.Tensor:
    ps_clamped = clamp_probs(probs)
    if is_binary:
        return torch.log(ps_clamped) - torch.log1p(-ps_clamped)
    return torch.log(ps_clamped)


def _mask_set_(t: torch.Tensor, mask: torch.Tensor, value: float) -> None:
    # t[mask] = value. tsrun's boolean-mask index_put refuses a 0-d mask ("too many indices for
    # tensor of dimension 0" for a 0-d t, "index(): expected at least one index tensor" for
    # another), which PyTorch accepts as a mask over a new leading dimension of size 1; it is
    # given so here, through a view (the grad_fn then prints CopySlices where PyTorch's prints
    # IndexPutBackward0; the values and gradients are the same).
    if mask.dim() == 0:
        t.unsqueeze(0)[mask.view([1])] = value
    else:
        t[mask] = value


# What PyTorch's lazy_property `probs` / `logits` compute when the distribution was made from
# the other one (under enable_grad, as PyTorch's): the given value, else the conversion.
def _probs_of(probs: Optional[torch.Tensor], logits: Optional[torch.Tensor], is_binary: bool) -> torch.Tensor:
    if probs is not None:
        return probs
    assert logits is not None
    with torch.enable_grad():
        return logits_to_probs(logits, is_binary=is_binary)


def _logits_of(probs: Optional[torch.Tensor], logits: Optional[torch.Tensor], is_binary: bool) -> torch.Tensor:
    if logits is not None:
        return logits
    assert probs is not None
    with torch.enable_grad():
        return probs_to_logits(probs, is_binary=is_binary)
