# torch.nn.init: the initializers, with PyTorch 1.13's arithmetic so that seeded layers get
# exactly PyTorch's weights.
import math
import torch
from typing import Any, Tuple, List


def calculate_gain(nonlinearity: str, param: float = 0.01) -> Any:
    # The int 1 for the linear ones and floats for the others, as PyTorch's (printed `1`, `1.0`).
    if nonlinearity == "linear" or nonlinearity == "sigmoid" or nonlinearity.startswith("conv"):
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        return math.sqrt(2.0 / (1 + param ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError("Unsupported nonlinearity " + nonlinearity)


def _calculate_fan_in_and_fan_out(tensor: torch.Tensor) -> Tuple[int, int]:
    dimensions = tensor.dim()
    if dimensions < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 dimensions")
    num_input_fmaps = tensor.size(1)
    num_output_fmaps = tensor.size(0)
    receptive_field_size = 1
    if tensor.dim() > 2:
        for i in range(2, tensor.dim()):
            receptive_field_size *= tensor.size(i)
    fan_in = num_input_fmaps * receptive_field_size
    fan_out = num_output_fmaps * receptive_field_size
    return fan_in, fan_out


def uniform_(tensor: torch.Tensor, a: float = 0.0, b: float = 1.0) -> torch.Tensor:
    with torch.no_grad():
        return tensor.uniform_(a, b)


def normal_(tensor: torch.Tensor, mean: float = 0.0, std: float = 1.0) -> torch.Tensor:
    with torch.no_grad():
        return tensor.normal_(mean, std)


def constant_(tensor: torch.Tensor, val: float) -> torch.Tensor:
    with torch.no_grad():
        return tensor.fill_(val)


def zeros_(tensor: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        return tensor.zero_()


def ones_(tensor: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        return tensor.fill_(1.0)


def kaiming_uniform_(tensor: torch.Tensor, a: float = 0.0, mode: str = "fan_in",
                     nonlinearity: str = "leaky_relu") -> torch.Tensor:
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    fan = fan_in if mode == "fan_in" else fan_out
    gain = calculate_gain(nonlinearity, a)
    std = gain / math.sqrt(fan)
    bound = math.sqrt(3.0) * std
    with torch.no_grad():
        return tensor.uniform_(-bound, bound)


def _xavier_std(tensor: torch.Tensor, gain: float) -> float:
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return gain * math.sqrt(2.0 / float(fan_in + fan_out))


def xavier_uniform_(tensor: torch.Tensor, gain: float = 1.0) -> torch.Tensor:
    a = math.sqrt(3.0) * _xavier_std(tensor, gain)
    with torch.no_grad():
        return tensor.uniform_(-a, a)


def xavier_normal_(tensor: torch.Tensor, gain: float = 1.0) -> torch.Tensor:
    std = _xavier_std(tensor, gain)
    with torch.no_grad():
        return tensor.normal_(0., std)


def kaiming_normal_(tensor: torch.Tensor, a: float = 0.0, mode: str = "fan_in",
                    nonlinearity: str = "leaky_relu") -> torch.Tensor:
    if tensor.numel() == 0:
        return tensor
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    fan = fan_in if mode == "fan_in" else fan_out
    std = calculate_gain(nonlinearity, a) / math.sqrt(fan)
    with torch.no_grad():
        return tensor.normal_(0, std)


def trunc_normal_(tensor: torch.Tensor, mean: float = 0., std: float = 1., a: float = -2., b: float = 2.
                  ) -> torch.Tensor:
    # PyTorch's inverse-CDF method: one uniform draw per element.
    with torch.no_grad():
        lo = (1. + math.erf((a - mean) / std / math.sqrt(2.))) / 2.
        hi = (1. + math.erf((b - mean) / std / math.sqrt(2.))) / 2.
        tensor.uniform_(2 * lo - 1, 2 * hi - 1)
        tensor.erfinv_()
        tensor.mul_(std * math.sqrt(2.))
        tensor.add_(mean)
        tensor.clamp_(min=a, max=b)
        return tensor


def eye_(tensor: torch.Tensor) -> torch.Tensor:
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    with torch.no_grad():
        tensor.copy_(torch.eye(tensor.size(0), tensor.size(1)))
    return tensor


def dirac_(tensor: torch.Tensor, groups: int = 1) -> torch.Tensor:
    dims = tensor.dim()
    if dims != 3 and dims != 4 and dims != 5:
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    if tensor.size(0) % groups != 0:
        raise ValueError("dim 0 must be divisible by groups")
    per = tensor.size(0) // groups
    with torch.no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min(per, tensor.size(1))):
                t = tensor[g * per + d, d]
                while t.dim() > 0:
                    t = t[t.size(0) // 2]
                t.fill_(1)
    return tensor


def orthogonal_(tensor: torch.Tensor, gain: float = 1) -> torch.Tensor:
    # PyTorch: Q of the QR of a normal matrix, with R's diagonal made positive. Modified
    # Gram-Schmidt gives that Q directly (its R has a positive diagonal).
    if tensor.dim() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.size(0)
    cols = tensor.numel() // rows
    flat = torch.empty(rows, cols, dtype=tensor.dtype).normal_(0, 1)
    if rows < cols:
        flat = flat.t()
    m = flat.size(1)
    qs: List[torch.Tensor] = []
    for j in range(m):
        v = flat[:, j].clone()
        for q in qs:
            v = v - (q * v).sum() * q
        qs.append(v / v.norm())
    q = torch.stack(qs, 1)
    if rows < cols:
        q = q.t()
    with torch.no_grad():
        tensor.view_as(q).copy_(q)
        tensor.mul_(gain)
    return tensor
