# torch.nn's convolutions: Conv1d/2d/3d over their base _ConvNd, the transposed convolutions
# (forward(input, output_size); ConvTranspose3d as a 3-d convolution) and Fold / Unfold, with
# PyTorch 1.13's arguments, initialization and printed form.
import math
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module, Parameter
from torch.nn.functional_args import _ints, _tuple_str
from torch.nn.linear import _bias, _reset_kaiming
import torch.nn.functional as F
import torch.nn.init as init


class _ConvNd(Module):
    def __init__(self, n: int, in_channels: int, out_channels: int, kernel_size: Any, stride: Any, padding: Any,
                 dilation: Any, groups: int, bias: bool, padding_mode: str, transposed: bool = False,
                 output_padding: Any = 0, device: Any = None, dtype: Optional[torch.dtype] = None):
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
        self.kernel_size = _ints(kernel_size, n)
        self.stride = _ints(stride, n)
        if isinstance(padding, str):
            if padding != "same" and padding != "valid":
                raise ValueError("Invalid padding string '{}', should be one of {{'same', 'valid'}}".format(padding))
            if padding == "same" and self.stride != [1] * n:
                raise ValueError("padding='same' is not supported for strided convolutions")
        self.padding_str = padding if isinstance(padding, str) else ""
        self.padding = [0] * n if isinstance(padding, str) else _ints(padding, n)
        self.dilation = _ints(dilation, n)
        self.groups = groups
        self.padding_mode = padding_mode
        self.transposed = transposed
        self.output_padding = _ints(output_padding, n)
        if transposed:
            self.weight = Parameter(torch.empty([in_channels, out_channels // groups] + self.kernel_size, device=device, dtype=dtype))
        else:
            self.weight = Parameter(torch.empty([out_channels, in_channels // groups] + self.kernel_size, device=device, dtype=dtype))
        self.bias: Optional[torch.Tensor] = _bias(bias, out_channels, device, dtype)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        _reset_kaiming(self.weight, self.bias, False)

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

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # Conv1d/2d/3d: padding "same"/"valid" as given; padding_mode zeros with the padding sizes;
        # the other modes pad explicitly, then convolve without padding.
        n = len(self.kernel_size)
        if n == 1:
            F._conv1d_channels(input, self.weight, self.groups)
        w, b, s, d, g = self.weight, self.bias, self.stride, self.dilation, self.groups
        if self.padding_mode == "zeros" and self.padding_str != "":
            if n == 1:
                return torch.conv1d(input, w, b, s, self.padding_str, d, g)
            if n == 2:
                return torch.conv2d(input, w, b, s, self.padding_str, d, g)
            return torch.conv3d(input, w, b, s, self.padding_str, d, g)
        x = input if self.padding_mode == "zeros" else self._mode_pad(input)
        p = self.padding if self.padding_mode == "zeros" else [0] * n
        if n == 1:
            return torch.conv1d(x, w, b, s, p, d, g)
        if n == 2:
            return torch.conv2d(x, w, b, s, p, d, g)
        return torch.conv3d(x, w, b, s, p, d, g)

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
                 dilation: Any = 1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros",
                 device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__(1, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         False, 0, device, dtype)


class Conv2d(_ConvNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 dilation: Any = 1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros",
                 device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__(2, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         False, 0, device, dtype)


class Conv3d(_ConvNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 dilation: Any = 1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros",
                 device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__(3, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         False, 0, device, dtype)


class _ConvTransposeNd(_ConvNd):
    def _output_padding(self, input: torch.Tensor, output_size: Any) -> List[int]:
        # PyTorch's _ConvTransposeNd._output_padding: the output_padding that gives output_size (a
        # list, tuple or torch.Size of the spatial sizes, optionally with the batch/channel sizes)
        if output_size is None:
            return self.output_padding
        n = len(self.kernel_size)
        sizes: List[int] = [int(v) for v in output_size]
        nonspatial = 2 if input.dim() == n + 2 else 1
        if len(sizes) == nonspatial + n:
            sizes = sizes[nonspatial:]
        if len(sizes) != n:
            raise ValueError("ConvTranspose{}D: for {}D input, output_size must have {} or {} elements (got {})".format(
                n, input.dim(), n, nonspatial + n, len(sizes)))
        min_sizes: List[int] = []
        max_sizes: List[int] = []
        for d in range(n):
            dim_size = ((input.size(d + nonspatial) - 1) * self.stride[d] - 2 * self.padding[d] +
                        self.dilation[d] * (self.kernel_size[d] - 1) + 1)
            min_sizes.append(dim_size)
            max_sizes.append(dim_size + self.stride[d] - 1)
        for i in range(n):
            if sizes[i] < min_sizes[i] or sizes[i] > max_sizes[i]:
                raise ValueError("requested an output size of {}, but valid sizes range from {} to {} (for an input "
                                 "of torch.Size({}))".format(sizes, min_sizes, max_sizes, list(input.shape[2:])))
        return [sizes[d] - min_sizes[d] for d in range(n)]

    def forward(self, input: torch.Tensor, output_size: Any = None) -> torch.Tensor:
        output_padding = self._output_padding(input, output_size)
        n = len(self.kernel_size)
        if n == 1:
            return torch.conv_transpose1d(input, self.weight, self.bias, self.stride, self.padding, output_padding,
                                          self.groups, self.dilation)
        if n == 2:
            return torch.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding, output_padding,
                                          self.groups, self.dilation)
        return F.conv_transpose3d(input, self.weight, self.bias, self.stride, self.padding, output_padding, self.groups,
                                  self.dilation)


class ConvTranspose1d(_ConvTransposeNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 output_padding: Any = 0, groups: int = 1, bias: bool = True, dilation: Any = 1,
                 padding_mode: str = "zeros", device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__(1, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         True, output_padding, device, dtype)


class ConvTranspose2d(_ConvTransposeNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 output_padding: Any = 0, groups: int = 1, bias: bool = True, dilation: Any = 1,
                 padding_mode: str = "zeros", device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__(2, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         True, output_padding, device, dtype)


class ConvTranspose3d(_ConvTransposeNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 output_padding: Any = 0, groups: int = 1, bias: bool = True, dilation: Any = 1,
                 padding_mode: str = "zeros", device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__(3, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         True, output_padding, device, dtype)


class Fold(Module):
    def __init__(self, output_size: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1):
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self) -> str:
        return "output_size={}, kernel_size={}, dilation={}, padding={}, stride={}".format(
            self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)


class Unfold(Module):
    def __init__(self, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1):
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self) -> str:
        return "kernel_size={}, dilation={}, padding={}, stride={}".format(
            self.kernel_size, self.dilation, self.padding, self.stride)
