# torch.nn layers beyond Linear: convolution, pooling, normalization, embedding, shape and
# activation modules, with PyTorch 1.13's arguments, initialization and printed form.
import math
import torch
from typing import List, Tuple, Dict, Optional, Any
from torch.nn.module import Module, Parameter
import torch.nn.functional as F
from torch.nn.functional_pool import _adaptive_size
import torch.nn.init as init


def _ntuple(x: Any, n: int) -> List[int]:
    # An int or a sequence of ints (PyTorch's _single/_pair).
    if isinstance(x, int):
        return [x] * n
    return [int(v) for v in x]


def _tuple_str(v: List[int]) -> str:
    return "(" + str(v[0]) + ",)" if len(v) == 1 else str(tuple(v))


class Identity(Module):
    def __init__(self, *args: Any):
        # PyTorch's Identity accepts and ignores any arguments
        super().__init__()

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return input


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
        return input.unflatten(self.dim, _ntuple(self.unflattened_size, 1))

    def extra_repr(self) -> str:
        return "dim={}, unflattened_size={}".format(self.dim, self.unflattened_size)


class _ConvNd(Module):
    def __init__(self, n: int, in_channels: int, out_channels: int, kernel_size: Any, stride: Any, padding: Any,
                 dilation: Any, groups: int, bias: bool, padding_mode: str, transposed: bool = False,
                 output_padding: Any = 0):
        super().__init__()
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if padding_mode not in ["zeros", "reflect", "replicate", "circular"]:
            raise ValueError("padding_mode must be one of {{'zeros', 'reflect', 'replicate', 'circular'}}, but got "
                             "padding_mode='{}'".format(padding_mode))
        if transposed and padding_mode != "zeros":
            raise ValueError('Only "zeros" padding mode is supported for ConvTranspose{}d'.format(n))
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = _ntuple(kernel_size, n)
        self.stride = _ntuple(stride, n)
        if isinstance(padding, str):
            if padding != "same" and padding != "valid":
                raise ValueError("Invalid padding string '{}', should be one of {{'same', 'valid'}}".format(padding))
            if padding == "same" and self.stride != [1] * n:
                raise ValueError("padding='same' is not supported for strided convolutions")
        self.padding_str = padding if isinstance(padding, str) else ""
        self.padding = [0] * n if isinstance(padding, str) else _ntuple(padding, n)
        self.dilation = _ntuple(dilation, n)
        self.groups = groups
        self.padding_mode = padding_mode
        self.transposed = transposed
        self.output_padding = _ntuple(output_padding, n)
        if transposed:
            self.weight = Parameter(torch.empty([in_channels, out_channels // groups] + self.kernel_size))
        else:
            self.weight = Parameter(torch.empty([out_channels, in_channels // groups] + self.kernel_size))
        self.bias: Optional[torch.Tensor] = None
        if bias:
            self.bias = Parameter(torch.empty(out_channels))
        self.reset_parameters()

    def reset_parameters(self) -> None:
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        b = self.bias
        if b is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(b, -bound, bound)

    def extra_repr(self) -> str:
        n = len(self.kernel_size)
        s = "{}, {}, kernel_size={}, stride={}".format(self.in_channels, self.out_channels,
                                                       _tuple_str(self.kernel_size), _tuple_str(self.stride))
        if self.padding_str != "":
            s += ", padding={}".format(self.padding_str)
        elif self.padding != [0] * n:
            s += ", padding={}".format(_tuple_str(self.padding))
        if self.dilation != [1] * n:
            s += ", dilation={}".format(_tuple_str(self.dilation))
        if self.output_padding != [0] * n:
            s += ", output_padding={}".format(_tuple_str(self.output_padding))
        if self.groups != 1:
            s += ", groups={}".format(self.groups)
        if self.bias is None:
            s += ", bias=False"
        if self.padding_mode != "zeros":
            s += ", padding_mode={}".format(self.padding_mode)
        return s

    def _mode_pad(self, input: torch.Tensor) -> torch.Tensor:
        # padding_mode reflect/replicate/circular: pad explicitly (last dimension first), then convolve
        # without padding; "same" splits the total padding with the extra element on the right
        pads: List[int] = []
        for i in range(len(self.kernel_size) - 1, -1, -1):
            if self.padding_str == "same":
                total = self.dilation[i] * (self.kernel_size[i] - 1)
                pads += [total // 2, total - total // 2]
            elif self.padding_str == "valid":
                pads += [0, 0]
            else:
                pads += [self.padding[i], self.padding[i]]
        return torch.pad(input, pads, self.padding_mode, None)


class Conv1d(_ConvNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 dilation: Any = 1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros"):
        super().__init__(1, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        F._conv1d_channels(input, self.weight, self.groups)
        if self.padding_mode != "zeros":
            return torch.conv1d(self._mode_pad(input), self.weight, self.bias, self.stride, [0] * 1, self.dilation,
                                self.groups)
        if self.padding_str != "":
            return torch.conv1d(input, self.weight, self.bias, self.stride, self.padding_str, self.dilation, self.groups)
        return torch.conv1d(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


class Conv2d(_ConvNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 dilation: Any = 1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros"):
        super().__init__(2, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        if self.padding_mode != "zeros":
            return torch.conv2d(self._mode_pad(input), self.weight, self.bias, self.stride, [0] * 2, self.dilation,
                                self.groups)
        if self.padding_str != "":
            return torch.conv2d(input, self.weight, self.bias, self.stride, self.padding_str, self.dilation, self.groups)
        return torch.conv2d(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


class Bilinear(Module):
    def __init__(self, in1_features: int, in2_features: int, out_features: int, bias: bool = True):
        super().__init__()
        self.in1_features = in1_features
        self.in2_features = in2_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty(out_features, in1_features, in2_features))
        self.bias: Optional[torch.Tensor] = None
        if bias:
            self.bias = Parameter(torch.empty(out_features))
        bound = 1 / math.sqrt(self.weight.size(1))
        init.uniform_(self.weight, -bound, bound)
        b = self.bias
        if b is not None:
            init.uniform_(b, -bound, bound)

    def forward(self, input1: torch.Tensor, input2: torch.Tensor) -> torch.Tensor:
        y = torch.einsum("...i,oij,...j->...o", [input1, self.weight, input2])
        b = self.bias
        return y + b if b is not None else y

    def extra_repr(self) -> str:
        return "in1_features={}, in2_features={}, out_features={}, bias={}".format(
            self.in1_features, self.in2_features, self.out_features, self.bias is not None)


class _MaxPoolNd(Module):
    def __init__(self, n: int, kernel_size: Any, stride: Any, padding: Any, dilation: Any, ceil_mode: bool):
        super().__init__()
        self.n = n
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.ceil_mode = ceil_mode

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}, dilation={}, ceil_mode={}".format(
            self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode)


class MaxPool1d(_MaxPoolNd):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
                 return_indices: bool = False, ceil_mode: bool = False):
        super().__init__(1, kernel_size, stride, padding, dilation, ceil_mode)
        self.return_indices = return_indices

    # (output, indices) with return_indices=True, else the output alone.
    def forward(self, input: torch.Tensor) -> Any:
        return F.max_pool1d(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode,
                            self.return_indices)


class MaxPool2d(_MaxPoolNd):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
                 return_indices: bool = False, ceil_mode: bool = False):
        super().__init__(2, kernel_size, stride, padding, dilation, ceil_mode)
        self.return_indices = return_indices

    # (output, indices) with return_indices=True, else the output alone.
    def forward(self, input: torch.Tensor) -> Any:
        return F.max_pool2d(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode,
                            self.return_indices)


class AvgPool1d(Module):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
                 count_include_pad: bool = True):
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, 1)
        self.stride = _ntuple(stride if stride is not None else kernel_size, 1)
        self.padding = _ntuple(padding, 1)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                                self.count_include_pad)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(_tuple_str(self.kernel_size), _tuple_str(self.stride),
                                                              _tuple_str(self.padding))


class AvgPool2d(Module):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
                 count_include_pad: bool = True, divisor_override: Optional[int] = None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.avg_pool2d(input, _ntuple(self.kernel_size, 2), _ntuple(self.stride, 2), _ntuple(self.padding, 2),
                                self.ceil_mode, self.count_include_pad, self.divisor_override)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(self.kernel_size, self.stride, self.padding)


class AdaptiveAvgPool1d(Module):
    def __init__(self, output_size: Any):
        super().__init__()
        self.output_size = output_size

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.adaptive_avg_pool1d(input, _ntuple(self.output_size, 1))

    def extra_repr(self) -> str:
        return "output_size={}".format(self.output_size)


class AdaptiveAvgPool2d(Module):
    def __init__(self, output_size: Any):
        super().__init__()
        self.output_size = output_size

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.adaptive_avg_pool2d(input, _adaptive_size(self.output_size, input, 2))

    def extra_repr(self) -> str:
        return "output_size={}".format(self.output_size)


class AdaptiveMaxPool2d(Module):
    def __init__(self, output_size: Any, return_indices: bool = False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    # (output, indices) with return_indices=True, else the output alone.
    def forward(self, input: torch.Tensor) -> Any:
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return "output_size={}".format(self.output_size)


class _NormBase(Module):
    # PyTorch's _NormBase: the affine parameters and running statistics of batch and instance norm.
    def __init__(self, num_features: int, eps: float, momentum: Optional[float], affine: bool,
                 track_running_stats: bool):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        self.weight: Optional[torch.Tensor] = None
        self.bias: Optional[torch.Tensor] = None
        if affine:
            self.weight = Parameter(torch.ones(num_features))
            self.bias = Parameter(torch.zeros(num_features))
        self.running_mean: Optional[torch.Tensor] = None
        self.running_var: Optional[torch.Tensor] = None
        self.num_batches_tracked: Optional[torch.Tensor] = None
        if track_running_stats:
            self.register_buffer("running_mean", torch.zeros(num_features))
            self.register_buffer("running_var", torch.ones(num_features))
            self.register_buffer("num_batches_tracked", torch.tensor(0, dtype=torch.long))

    def extra_repr(self) -> str:
        return "{}, eps={}, momentum={}, affine={}, track_running_stats={}".format(
            self.num_features, self.eps, self.momentum, self.affine, self.track_running_stats)


class _BatchNorm(_NormBase):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: Optional[float] = 0.1, affine: bool = True,
                 track_running_stats: bool = True):
        super().__init__(num_features, eps, momentum, affine, track_running_stats)

    def _check_input_dim(self, input: torch.Tensor) -> None:
        pass

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        self._check_input_dim(input)
        mom = self.momentum
        factor = 0.0
        if mom is not None:
            factor = mom
        if self.training and self.track_running_stats:
            n = self.num_batches_tracked
            if n is not None:
                n.add_(1)
                if mom is None:
                    factor = 1.0 / float(n)
        bn_training = True if self.training else (self.running_mean is None and self.running_var is None)
        use_stats = not self.training or self.track_running_stats
        if bn_training and input.size(1) > 0 and input.numel() == input.size(1):
            raise ValueError("Expected more than 1 value per channel when training, got input size {}".format(
                input.size()))
        return torch.batch_norm(input, self.weight, self.bias, self.running_mean if use_stats else None,
                                self.running_var if use_stats else None, bn_training, factor, self.eps, False)


class BatchNorm1d(_BatchNorm):
    def _check_input_dim(self, input: torch.Tensor) -> None:
        if input.dim() != 2 and input.dim() != 3:
            raise ValueError("expected 2D or 3D input (got {}D input)".format(input.dim()))


class BatchNorm2d(_BatchNorm):
    def _check_input_dim(self, input: torch.Tensor) -> None:
        if input.dim() != 4:
            raise ValueError("expected 4D input (got {}D input)".format(input.dim()))


class LayerNorm(Module):
    def __init__(self, normalized_shape: Any, eps: float = 1e-5, elementwise_affine: bool = True):
        super().__init__()
        self.normalized_shape = _ntuple(normalized_shape, 1)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        self.weight: Optional[torch.Tensor] = None
        self.bias: Optional[torch.Tensor] = None
        if elementwise_affine:
            self.weight = Parameter(torch.ones(self.normalized_shape))
            self.bias = Parameter(torch.zeros(self.normalized_shape))

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return "{}, eps={}, elementwise_affine={}".format(_tuple_str(self.normalized_shape), self.eps,
                                                          self.elementwise_affine)


class GroupNorm(Module):
    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5, affine: bool = True):
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError("num_channels must be divisible by num_groups")
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        self.weight: Optional[torch.Tensor] = None
        self.bias: Optional[torch.Tensor] = None
        if affine:
            self.weight = Parameter(torch.ones(num_channels))
            self.bias = Parameter(torch.zeros(num_channels))

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return "{}, {}, eps={}, affine={}".format(self.num_groups, self.num_channels, self.eps, self.affine)


class Dropout2d(Module):
    def __init__(self, p: float = 0.5, inplace: bool = False):
        super().__init__()
        if p < 0.0 or p > 1.0:
            raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
        self.p = p
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.dropout2d(input, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return "p={}, inplace={}".format(self.p, self.inplace)


class LeakyReLU(Module):
    def __init__(self, negative_slope: float = 0.01, inplace: bool = False):
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self) -> str:
        return "negative_slope={}{}".format(self.negative_slope, ", inplace=True" if self.inplace else "")


class GELU(Module):
    def __init__(self, approximate: str = "none"):
        super().__init__()
        self.approximate = approximate

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.gelu(input, approximate=self.approximate)

    def extra_repr(self) -> str:
        return "approximate={}".format(repr(self.approximate))


class ELU(Module):
    def __init__(self, alpha: float = 1.0, inplace: bool = False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.elu(input, self.alpha)

    def extra_repr(self) -> str:
        return "alpha={}{}".format(self.alpha, ", inplace=True" if self.inplace else "")


class SiLU(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.silu(input)


class ReLU6(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.hardtanh(input, 0.0, 6.0)


class Softplus(Module):
    def __init__(self, beta: int = 1, threshold: int = 20):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.softplus(input, self.beta, self.threshold)

    def extra_repr(self) -> str:
        return "beta={}, threshold={}".format(self.beta, self.threshold)


class Hardtanh(Module):
    def __init__(self, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False):
        super().__init__()
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.hardtanh(input, self.min_val, self.max_val)

    def extra_repr(self) -> str:
        return "min_val={}, max_val={}{}".format(self.min_val, self.max_val, ", inplace=True" if self.inplace else "")


class Hardsigmoid(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.hardsigmoid(input)


class Hardswish(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.hardswish(input)


class Mish(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.mish(input)


class SELU(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.selu(input)


class CELU(Module):
    def __init__(self, alpha: float = 1.0, inplace: bool = False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.celu(input, self.alpha)

    def extra_repr(self) -> str:
        return "alpha={}{}".format(self.alpha, ", inplace=True" if self.inplace else "")


class Softsign(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return input / (input.abs() + 1)


class Tanhshrink(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return input - input.tanh()


class LogSigmoid(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.log_sigmoid(input)


class Softmin(Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.softmax(-input, self.dim)

    def extra_repr(self) -> str:
        return "dim={}".format(self.dim)


class Threshold(Module):
    def __init__(self, threshold: float, value: float, inplace: bool = False):
        super().__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.threshold(input, self.threshold, self.value)

    def extra_repr(self) -> str:
        return "threshold={}, value={}{}".format(self.threshold, self.value, ", inplace=True" if self.inplace else "")


class PReLU(Module):
    def __init__(self, num_parameters: int = 1, init: float = 0.25):
        super().__init__()
        self.num_parameters = num_parameters
        self.weight = Parameter(torch.full([num_parameters], init))

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        w = self.weight
        if self.num_parameters > 1 and input.dim() >= 2:
            shape = [1] * input.dim()
            shape[1] = self.num_parameters
            w = w.view(shape)
        return torch.where(input > 0, input, w * input)

    def extra_repr(self) -> str:
        return "num_parameters={}".format(self.num_parameters)


class GLU(Module):
    def __init__(self, dim: int = -1):
        super().__init__()
        self.dim = dim

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.glu(input, self.dim)

    def extra_repr(self) -> str:
        return "dim={}".format(self.dim)


class Softshrink(Module):
    def __init__(self, lambd: float = 0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # x - lambd above lambd, x + lambd below -lambd, 0 between (PyTorch's kernel).
        zero = torch.zeros_like(input)
        return torch.where(input > self.lambd, input - self.lambd,
                           torch.where(input < -self.lambd, input + self.lambd, zero))

    def extra_repr(self) -> str:
        return str(self.lambd)


class Hardshrink(Module):
    def __init__(self, lambd: float = 0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.where((input >= -self.lambd) & (input <= self.lambd), torch.zeros_like(input), input)

    def extra_repr(self) -> str:
        return str(self.lambd)


class Softmax2d(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        if input.dim() != 3 and input.dim() != 4:
            raise ValueError("Softmax2d: expected input to be 3D or 4D, got {}D instead".format(input.dim()))
        return F.softmax(input, -3)


class Linear(Module):
    def __init__(self, in_features: int, out_features: int, bias: bool = True):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty(out_features, in_features))
        self.bias: Optional[torch.Tensor] = None
        if bias:
            self.bias = Parameter(torch.empty(out_features))
        self.reset_parameters()

    def reset_parameters(self) -> None:
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        b = self.bias
        if b is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(b, -bound, bound)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        return "in_features={}, out_features={}, bias={}".format(self.in_features, self.out_features,
                                                                 self.bias is not None)


class ReLU(Module):
    def __init__(self, inplace: bool = False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.relu(input, self.inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class Sigmoid(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(input)


class Tanh(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.tanh(input)


class Softmax(Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.softmax(input, self.dim)

    def extra_repr(self) -> str:
        return "dim={}".format(self.dim)


class LogSoftmax(Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.log_softmax(input, self.dim)

    def extra_repr(self) -> str:
        return "dim={}".format(self.dim)


class Dropout(Module):
    def __init__(self, p: float = 0.5, inplace: bool = False):
        super().__init__()
        if p < 0.0 or p > 1.0:
            raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
        self.p = p
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return "p={}, inplace={}".format(self.p, self.inplace)
