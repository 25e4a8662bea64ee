# torch.nn.functional, continued: the activation functions with their inplace= forms, prelu,
# the shrinks, glu, softmin, gumbel_softmax, rrelu, the normalizations normalize, group_norm,
# instance_norm and local_response_norm, and the 1-d/2-d transposed convolutions, following
# PyTorch 1.13's functional.py. functional.ts re-exports every public name here.
import torch
from typing import Optional, Any, List


def relu_(input: torch.Tensor) -> torch.Tensor:
    return torch.relu_(input)


def threshold(input: torch.Tensor, threshold: float, value: float, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.threshold_(input, threshold, value)
    return torch.threshold(input, threshold, value)


def threshold_(input: torch.Tensor, threshold: float, value: float) -> torch.Tensor:
    return torch.threshold_(input, threshold, value)


def hardtanh(input: torch.Tensor, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.hardtanh_(input, min_val, max_val)
    return torch.hardtanh(input, min_val, max_val)


def hardtanh_(input: torch.Tensor, min_val: float = -1.0, max_val: float = 1.0) -> torch.Tensor:
    return torch.hardtanh_(input, min_val, max_val)


def relu6(input: torch.Tensor, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.relu6_(input)
    return torch.relu6(input)


def elu(input: torch.Tensor, alpha: float = 1.0, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.elu_(input, alpha)
    return torch.elu(input, alpha)


def elu_(input: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    return torch.elu_(input, alpha)


def selu(input: torch.Tensor, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.selu_(input)
    return torch.selu(input)


def selu_(input: torch.Tensor) -> torch.Tensor:
    return torch.selu_(input)


def celu(input: torch.Tensor, alpha: float = 1.0, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.celu_(input, alpha)
    return torch.celu(input, alpha)


def celu_(input: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    return torch.celu_(input, alpha)


def leaky_relu_(input: torch.Tensor, negative_slope: float = 0.01) -> torch.Tensor:
    return torch.leaky_relu_(input, negative_slope)


def silu(input: torch.Tensor, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.silu_(input)
    return torch.silu(input)


def mish(input: torch.Tensor, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.mish_(input)
    return torch.mish(input)


def hardsigmoid(input: torch.Tensor, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.hardsigmoid_(input)
    return torch.hardsigmoid(input)


def hardswish(input: torch.Tensor, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.hardswish_(input)
    return torch.hardswish(input)


def logsigmoid(input: torch.Tensor) -> torch.Tensor:
    return torch.log_sigmoid(input)


def softplus(input: torch.Tensor, beta: float = 1.0, threshold: float = 20.0) -> torch.Tensor:
    return torch.softplus(input, beta, threshold)


def softshrink(input: torch.Tensor, lambd: float = 0.5) -> torch.Tensor:
    # x - lambd above lambd, x + lambd below -lambd, 0 between (PyTorch's kernel).
    if lambd < 0:
        raise RuntimeError("lambda must be greater or equal to 0, but found to be {}.".format(lambd))
    zero = torch.zeros_like(input)
    return torch.where(input > lambd, input - lambd, torch.where(input < -lambd, input + lambd, zero))


def hardshrink(input: torch.Tensor, lambd: float = 0.5) -> torch.Tensor:
    return torch.where((input >= -lambd) & (input <= lambd), torch.zeros_like(input), input)


def prelu(input: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    # weight holds one slope, or one per channel (dim 1).
    w = weight
    n = weight.numel()
    if n != 1:
        if input.dim() == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input.size(1) if input.dim() >= 2 else 1
        if n != channels:
            raise RuntimeError("Mismatch of parameter numbers and input channel size. Found parameter numbers = {} "
                               "and channel size = {}.".format(n, channels))
        if input.dim() >= 2:
            shape = [1] * input.dim()
            shape[1] = n
            w = weight.view(shape)
    return torch.where(input > 0, input, w * input)


def glu(input: torch.Tensor, dim: int = -1) -> torch.Tensor:
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    return torch.glu(input, dim)


def normalize(input: torch.Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12,
              out: Optional[torch.Tensor] = None) -> torch.Tensor:
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    if out is None:
        return input / denom
    return torch.div(input, denom, out=out)


def group_norm(input: torch.Tensor, num_groups: int, weight: Optional[torch.Tensor] = None,
               bias: Optional[torch.Tensor] = None, eps: float = 1e-5) -> torch.Tensor:
    if input.dim() < 2:
        raise RuntimeError("Expected at least 2 dimensions for input tensor but received {}".format(input.dim()))
    size: List[int] = [input.size(0) * input.size(1) // num_groups, num_groups]
    for d in range(2, input.dim()):
        size.append(input.size(d))
    prod = size[0]
    for i in range(len(size) - 2):
        prod *= size[i + 2]
    if prod == 1:
        raise ValueError("Expected more than 1 value per channel when training, got input size {}".format(size))
    return torch.group_norm(input, num_groups, weight, bias, eps)


def conv_transpose1d(input: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None, stride: Any = 1,
                     padding: Any = 0, output_padding: Any = 0, groups: int = 1, dilation: Any = 1) -> torch.Tensor:
    return torch.conv_transpose1d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose2d(input: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None, stride: Any = 1,
                     padding: Any = 0, output_padding: Any = 0, groups: int = 1, dilation: Any = 1) -> torch.Tensor:
    return torch.conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def softmin(input: torch.Tensor, dim: Optional[int] = None, _stacklevel: int = 3,
            dtype: Optional[torch.dtype] = None) -> torch.Tensor:
    # dim=None picks PyTorch's legacy implicit dimension (0 for 0-, 1- and 3-d inputs, else 1).
    d = 0
    if dim is not None:
        d = dim
    elif input.dim() != 0 and input.dim() != 1 and input.dim() != 3:
        d = 1
    return torch.softmax(-input, d, dtype)


def gumbel_softmax(logits: torch.Tensor, tau: float = 1, hard: bool = False, eps: float = 1e-10,
                   dim: int = -1) -> torch.Tensor:
    gumbels = -torch.empty_like(logits).exponential_().log()
    gumbels = (logits + gumbels) / tau
    y_soft = gumbels.softmax(dim)
    if hard:
        index = y_soft.max(dim, keepdim=True)[1]
        y_hard = torch.zeros_like(logits).scatter_(dim, index, 1.0)
        return y_hard - y_soft.detach() + y_soft
    return y_soft


def rrelu(input: torch.Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False,
          inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.rrelu_(input, lower, upper, training)
    return torch.rrelu(input, lower, upper, training)


def rrelu_(input: torch.Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False,
           generator: Optional[torch.Generator] = None) -> torch.Tensor:
    h: Any = None
    if generator is not None:
        h = generator._handle
    return torch.rrelu_(input, lower, upper, training, h)


def instance_norm(input: torch.Tensor, running_mean: Optional[torch.Tensor] = None,
                  running_var: Optional[torch.Tensor] = None, weight: Optional[torch.Tensor] = None,
                  bias: Optional[torch.Tensor] = None, use_input_stats: bool = True, momentum: float = 0.1,
                  eps: float = 1e-5) -> torch.Tensor:
    if use_input_stats:
        size = list(input.size())
        prod = 1
        for i in range(2, len(size)):
            prod *= size[i]
        if prod == 1:
            raise ValueError("Expected more than 1 spatial element when training, got input size {}".format(input.size()))
    return torch.instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, False)


def local_response_norm(input: torch.Tensor, size: int, alpha: float = 1e-4, beta: float = 0.75,
                        k: float = 1.0) -> torch.Tensor:
    dim = input.dim()
    if dim < 3:
        raise ValueError("Expected 3D or higher dimensionality                          input (got {} dimensions)"
                         .format(dim))
    if input.numel() == 0:
        return input
    div = input.mul(input).unsqueeze(1)
    if dim == 3:
        div = torch.pad(div, [0, 0, size // 2, (size - 1) // 2])
        div = torch.avg_pool2d(div, [size, 1], [1, 1]).squeeze(1)
    else:
        sizes = list(input.size())
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = torch.pad(div, [0, 0, 0, 0, size // 2, (size - 1) // 2])
        div = torch.avg_pool3d(div, [size, 1, 1], [1, 1, 1]).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div
