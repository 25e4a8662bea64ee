# torch.nn's padding modules: ConstantPad1d/2d/3d, ZeroPad2d, ReflectionPad1d/2d/3d and
# ReplicationPad1d/2d/3d, with PyTorch 1.13's arguments and printed form.
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module
from torch.nn.functional_args import _ints
import torch.nn.functional as F


class _ConstantPadNd(Module):
    def __init__(self, n: int, padding: Any, value: Any):
        super().__init__()
        self.padding = _ints(padding, 2 * n)
        # Kept as given: PyTorch prints value=3 for an int and value=3.5 for a float.
        self.value = value

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self) -> str:
        return "padding={}, value={}".format(tuple(self.padding), self.value)


class ConstantPad1d(_ConstantPadNd):
    def __init__(self, padding: Any, value: Any):
        super().__init__(1, padding, value)


class ConstantPad2d(_ConstantPadNd):
    def __init__(self, padding: Any, value: Any):
        super().__init__(2, padding, value)


class ConstantPad3d(_ConstantPadNd):
    def __init__(self, padding: Any, value: Any):
        super().__init__(3, padding, value)


class ZeroPad2d(_ConstantPadNd):
    def __init__(self, padding: Any):
        super().__init__(2, padding, 0.)

    def extra_repr(self) -> str:
        return "{}".format(tuple(self.padding))


class _ModePadNd(Module):
    def __init__(self, n: int, padding: Any, mode: str):
        super().__init__()
        self.padding = _ints(padding, 2 * n)
        self.mode = mode

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.pad(input, self.padding, self.mode)

    def extra_repr(self) -> str:
        return "{}".format(tuple(self.padding))


class ReflectionPad1d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(1, padding, "reflect")


class ReflectionPad2d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(2, padding, "reflect")


class ReflectionPad3d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(3, padding, "reflect")


class ReplicationPad1d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(1, padding, "replicate")


class ReplicationPad2d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(2, padding, "replicate")


class ReplicationPad3d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(3, padding, "replicate")
