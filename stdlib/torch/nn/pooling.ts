# torch.nn's pooling modules: max, average and adaptive pooling in 1, 2 and 3 dimensions,
# unpooling and power-average (LP) pooling, with PyTorch 1.13's arguments and printed form. Each
# family shares a base as PyTorch's do (_MaxPoolNd, _AvgPoolNd, _AdaptiveAvgPoolNd,
# _AdaptiveMaxPoolNd, _MaxUnpoolNd, _LPPoolNd). AvgPool1d keeps its sizes as lists and prints them
# as tuples, as PyTorch's does, so it has no base.
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module
from torch.nn.functional_args import _ints, _tuple_str
from torch.nn.functional_pool import _adaptive_size
import torch.nn.functional as F


class _MaxPoolNd(Module):
    def __init__(self, n: int, kernel_size: Any, stride: Any, padding: Any, dilation: Any, return_indices: bool,
                 ceil_mode: bool):
        super().__init__()
        self.n = n
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.ceil_mode = ceil_mode
        self.return_indices = return_indices

    # (output, indices) with return_indices=True, else the output alone.
    def forward(self, input: torch.Tensor) -> Any:
        if self.n == 1:
            return F.max_pool1d(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode,
                                self.return_indices)
        if self.n == 2:
            return F.max_pool2d(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode,
                                self.return_indices)
        return F.max_pool3d(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode,
                            self.return_indices)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}, dilation={}, ceil_mode={}".format(
            self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode)


class MaxPool1d(_MaxPoolNd):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
                 return_indices: bool = False, ceil_mode: bool = False):
        super().__init__(1, kernel_size, stride, padding, dilation, return_indices, ceil_mode)


class MaxPool2d(_MaxPoolNd):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
                 return_indices: bool = False, ceil_mode: bool = False):
        super().__init__(2, kernel_size, stride, padding, dilation, return_indices, ceil_mode)


class MaxPool3d(_MaxPoolNd):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
                 return_indices: bool = False, ceil_mode: bool = False):
        super().__init__(3, kernel_size, stride, padding, dilation, return_indices, ceil_mode)


class AvgPool1d(Module):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
                 count_include_pad: bool = True):
        super().__init__()
        self.kernel_size = _ints(kernel_size, 1)
        self.stride = _ints(stride if stride is not None else kernel_size, 1)
        self.padding = _ints(padding, 1)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                                self.count_include_pad)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(_tuple_str(self.kernel_size), _tuple_str(self.stride),
                                                              _tuple_str(self.padding))


class _AvgPoolNd(Module):
    # AvgPool2d and AvgPool3d: the sizes kept as given.
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
                 count_include_pad: bool = True, divisor_override: Optional[int] = None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(self.kernel_size, self.stride, self.padding)


class AvgPool2d(_AvgPoolNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.avg_pool2d(input, _ints(self.kernel_size, 2), _ints(self.stride, 2), _ints(self.padding, 2),
                                self.ceil_mode, self.count_include_pad, self.divisor_override)


class AvgPool3d(_AvgPoolNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.avg_pool3d(input, _ints(self.kernel_size, 3), _ints(self.stride, 3), _ints(self.padding, 3),
                                self.ceil_mode, self.count_include_pad, self.divisor_override)


class _AdaptiveAvgPoolNd(Module):
    def __init__(self, output_size: Any):
        super().__init__()
        self.output_size = output_size

    def extra_repr(self) -> str:
        return "output_size={}".format(self.output_size)


class AdaptiveAvgPool1d(_AdaptiveAvgPoolNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.adaptive_avg_pool1d(input, _ints(self.output_size, 1))


class AdaptiveAvgPool2d(_AdaptiveAvgPoolNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.adaptive_avg_pool2d(input, _adaptive_size(self.output_size, input, 2))


class AdaptiveAvgPool3d(_AdaptiveAvgPoolNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.adaptive_avg_pool3d(input, self.output_size)


class _AdaptiveMaxPoolNd(Module):
    def __init__(self, output_size: Any, return_indices: bool = False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def extra_repr(self) -> str:
        return "output_size={}".format(self.output_size)


# Each forward gives (output, indices) with return_indices=True, else the output alone.
class AdaptiveMaxPool1d(_AdaptiveMaxPoolNd):
    def forward(self, input: torch.Tensor) -> Any:
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool2d(_AdaptiveMaxPoolNd):
    def forward(self, input: torch.Tensor) -> Any:
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool3d(_AdaptiveMaxPoolNd):
    def forward(self, input: torch.Tensor) -> Any:
        return F.adaptive_max_pool3d(input, self.output_size, self.return_indices)


class _MaxUnpoolNd(Module):
    def __init__(self, n: int, kernel_size: Any, stride: Any, padding: Any):
        super().__init__()
        self.kernel_size = _ints(kernel_size, n)
        self.stride = _ints(stride if stride is not None else kernel_size, n)
        self.padding = _ints(padding, n)

    def forward(self, input: torch.Tensor, indices: torch.Tensor, output_size: Optional[List[int]] = None
                ) -> torch.Tensor:
        n = len(self.kernel_size)
        if n == 1:
            return F.max_unpool1d(input, indices, self.kernel_size, self.stride, self.padding, output_size)
        if n == 2:
            return F.max_unpool2d(input, indices, self.kernel_size, self.stride, self.padding, output_size)
        return F.max_unpool3d(input, indices, self.kernel_size, self.stride, self.padding, output_size)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(_tuple_str(self.kernel_size), _tuple_str(self.stride),
                                                              _tuple_str(self.padding))


class MaxUnpool1d(_MaxUnpoolNd):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0):
        super().__init__(1, kernel_size, stride, padding)


class MaxUnpool2d(_MaxUnpoolNd):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0):
        super().__init__(2, kernel_size, stride, padding)


class MaxUnpool3d(_MaxUnpoolNd):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0):
        super().__init__(3, kernel_size, stride, padding)


class _LPPoolNd(Module):
    def __init__(self, norm_type: float, kernel_size: Any, stride: Any = None, ceil_mode: bool = False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def extra_repr(self) -> str:
        return "norm_type={}, kernel_size={}, stride={}, ceil_mode={}".format(self.norm_type, self.kernel_size,
                                                                             self.stride, self.ceil_mode)


class LPPool1d(_LPPoolNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.lp_pool1d(input, float(self.norm_type), int(self.kernel_size), self.stride, self.ceil_mode)


class LPPool2d(_LPPoolNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.lp_pool2d(input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode)
