# torch.nn's pooling modules beside those in layers.ts: MaxPool3d, AvgPool3d, AdaptiveMaxPool1d,
# the 3-d adaptive pools, unpooling and power-average (LP) pooling, with PyTorch 1.13's arguments
# and printed form.
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module
from torch.nn.layers import _MaxPoolNd, _ntuple, _tuple_str
from torch.nn.functional_pool import _adaptive_size
import torch.nn.functional as F


class MaxPool3d(_MaxPoolNd):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
                 return_indices: bool = False, ceil_mode: bool = False):
        super().__init__(3, kernel_size, stride, padding, dilation, ceil_mode)
        self.return_indices = return_indices

    # (output, indices) with return_indices=True, else the output alone.
    def forward(self, input: torch.Tensor) -> Any:
        if self.return_indices:
            return torch.max_pool3d_with_indices(input, _ntuple(self.kernel_size, 3), _ntuple(self.stride, 3),
                                                 _ntuple(self.padding, 3), _ntuple(self.dilation, 3), self.ceil_mode)
        return torch.max_pool3d(input, _ntuple(self.kernel_size, 3), _ntuple(self.stride, 3),
                                _ntuple(self.padding, 3), _ntuple(self.dilation, 3), self.ceil_mode)


class AvgPool3d(Module):
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
        return torch.avg_pool3d(input, _ntuple(self.kernel_size, 3), _ntuple(self.stride, 3), _ntuple(self.padding, 3),
                                self.ceil_mode, self.count_include_pad, self.divisor_override)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(self.kernel_size, self.stride, self.padding)


class AdaptiveMaxPool1d(Module):
    def __init__(self, output_size: Any, return_indices: bool = False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def forward(self, input: torch.Tensor) -> Any:
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return "output_size={}".format(self.output_size)


class AdaptiveAvgPool3d(Module):
    def __init__(self, output_size: Any):
        super().__init__()
        self.output_size = output_size

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.adaptive_avg_pool3d(input, self.output_size)

    def extra_repr(self) -> str:
        return "output_size={}".format(self.output_size)


class AdaptiveMaxPool3d(Module):
    def __init__(self, output_size: Any, return_indices: bool = False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def forward(self, input: torch.Tensor) -> Any:
        return F.adaptive_max_pool3d(input, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return "output_size={}".format(self.output_size)


class MaxUnpool1d(Module):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0):
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, 1)
        self.stride = _ntuple(stride if stride is not None else kernel_size, 1)
        self.padding = _ntuple(padding, 1)

    def forward(self, input: torch.Tensor, indices: torch.Tensor, output_size: Optional[List[int]] = None
                ) -> torch.Tensor:
        return F.max_unpool1d(input, indices, self.kernel_size, self.stride, self.padding, output_size)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(_tuple_str(self.kernel_size), _tuple_str(self.stride),
                                                              _tuple_str(self.padding))


class MaxUnpool2d(Module):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0):
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, 2)
        self.stride = _ntuple(stride if stride is not None else kernel_size, 2)
        self.padding = _ntuple(padding, 2)

    def forward(self, input: torch.Tensor, indices: torch.Tensor, output_size: Optional[List[int]] = None
                ) -> torch.Tensor:
        return F.max_unpool2d(input, indices, self.kernel_size, self.stride, self.padding, output_size)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(_tuple_str(self.kernel_size), _tuple_str(self.stride),
                                                              _tuple_str(self.padding))


class MaxUnpool3d(Module):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0):
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, 3)
        self.stride = _ntuple(stride if stride is not None else kernel_size, 3)
        self.padding = _ntuple(padding, 3)

    def forward(self, input: torch.Tensor, indices: torch.Tensor, output_size: Optional[List[int]] = None
                ) -> torch.Tensor:
        return F.max_unpool3d(input, indices, self.kernel_size, self.stride, self.padding, output_size)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(_tuple_str(self.kernel_size), _tuple_str(self.stride),
                                                              _tuple_str(self.padding))


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
