# torch.nn's Conv3d, the transposed convolutions (forward(input, output_size); ConvTranspose3d as a
# 3-d convolution) and Fold / Unfold, with PyTorch 1.13's arguments, initialization and printed
# form. Conv1d / Conv2d and their base _ConvNd are in layers.ts.
import math
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module, Parameter
from torch.nn.layers import _ConvNd, _ntuple
import torch.nn.functional as F
import torch.nn.init as init


class Conv3d(_ConvNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 dilation: Any = 1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros"):
        super().__init__(3, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        if self.padding_mode != "zeros":
            return torch.conv3d(self._mode_pad(input), self.weight, self.bias, self.stride, [0] * 3, self.dilation,
                                self.groups)
        if self.padding_str != "":
            return torch.conv3d(input, self.weight, self.bias, self.stride, self.padding_str, self.dilation, self.groups)
        return torch.conv3d(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


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


class ConvTranspose1d(_ConvTransposeNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 output_padding: Any = 0, groups: int = 1, bias: bool = True, dilation: Any = 1,
                 padding_mode: str = "zeros"):
        super().__init__(1, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         True, output_padding)

    def forward(self, input: torch.Tensor, output_size: Any = None) -> torch.Tensor:
        return torch.conv_transpose1d(input, self.weight, self.bias, self.stride, self.padding,
                                      self._output_padding(input, output_size), self.groups, self.dilation)


class ConvTranspose2d(_ConvTransposeNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 output_padding: Any = 0, groups: int = 1, bias: bool = True, dilation: Any = 1,
                 padding_mode: str = "zeros"):
        super().__init__(2, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         True, output_padding)

    def forward(self, input: torch.Tensor, output_size: Any = None) -> torch.Tensor:
        return torch.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding,
                                      self._output_padding(input, output_size), self.groups, self.dilation)


class ConvTranspose3d(_ConvTransposeNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 output_padding: Any = 0, groups: int = 1, bias: bool = True, dilation: Any = 1,
                 padding_mode: str = "zeros"):
        super().__init__(3, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         True, output_padding)

    def forward(self, input: torch.Tensor, output_size: Any = None) -> torch.Tensor:
        return F.conv_transpose3d(input, self.weight, self.bias, self.stride, self.padding,
                                  self._output_padding(input, output_size), self.groups, self.dilation)


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
