# torch.nn's activation modules, with PyTorch 1.13's arguments and printed form.
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module, Parameter
import torch.nn.functional as F


class _DimModule(Module):
    # Softmax, LogSoftmax, Softmin and GLU: the dimension they work along.
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def extra_repr(self) -> str:
        return "dim={}".format(self.dim)


class _AlphaModule(Module):
    # ELU and CELU: alpha and inplace.
    def __init__(self, alpha: float = 1.0, inplace: bool = False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def extra_repr(self) -> str:
        return "alpha={}{}".format(self.alpha, ", inplace=True" if self.inplace else "")


class _ShrinkModule(Module):
    # Softshrink and Hardshrink: the threshold lambd.
    def __init__(self, lambd: float = 0.5):
        super().__init__()
        self.lambd = lambd

    def extra_repr(self) -> str:
        return str(self.lambd)


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


class Softmax(_DimModule):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.softmax(input, self.dim)


class LogSoftmax(_DimModule):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.log_softmax(input, self.dim)


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


class ELU(_AlphaModule):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.elu(input, self.alpha)


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


class CELU(_AlphaModule):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.celu(input, self.alpha)


class Softsign(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return input / (input.abs() + 1)


class Tanhshrink(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return input - input.tanh()


class LogSigmoid(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.log_sigmoid(input)


class Softmin(_DimModule):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.softmax(-input, self.dim)


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
    def __init__(self, num_parameters: int = 1, init: float = 0.25, device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__()
        self.num_parameters = num_parameters
        self.weight = Parameter(torch.full([num_parameters], init, device=device, dtype=dtype))

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        w = self.weight
        if self.num_parameters > 1 and input.dim() >= 2:
            shape = [1] * input.dim()
            shape[1] = self.num_parameters
            w = w.view(shape)
        return torch.where(input > 0, input, w * input)

    def extra_repr(self) -> str:
        return "num_parameters={}".format(self.num_parameters)


class GLU(_DimModule):
    def __init__(self, dim: int = -1):
        super().__init__(dim)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.glu(input, self.dim)


class Softshrink(_ShrinkModule):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # x - lambd above lambd, x + lambd below -lambd, 0 between (PyTorch's kernel).
        zero = torch.zeros_like(input)
        return torch.where(input > self.lambd, input - self.lambd,
                           torch.where(input < -self.lambd, input + self.lambd, zero))


class Hardshrink(_ShrinkModule):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.where((input >= -self.lambd) & (input <= self.lambd), torch.zeros_like(input), input)


class Softmax2d(Module):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        if input.dim() != 3 and input.dim() != 4:
            raise ValueError("Softmax2d: expected input to be 3D or 4D, got {}D instead".format(input.dim()))
        return F.softmax(input, -3)


class RReLU(Module):
    def __init__(self, lower: float = 1. / 8, upper: float = 1. / 3, inplace: bool = False):
        super().__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self) -> str:
        return "lower={}, upper={}{}".format(self.lower, self.upper, ", inplace=True" if self.inplace else "")
