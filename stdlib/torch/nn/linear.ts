# torch.nn's Identity, Linear and Bilinear, with PyTorch 1.13's arguments, initialization and
# printed form.
import math
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module, Parameter
import torch.nn.functional as F
import torch.nn.init as init


def _bias(bias: bool, n: int, device: Any = None, dtype: Optional[torch.dtype] = None) -> Optional[torch.Tensor]:
    # Linear's, Bilinear's and the convolutions' bias: n values for reset_parameters to fill, if asked for.
    return Parameter(torch.empty(n, device=device, dtype=dtype)) if bias else None


def _reset_kaiming(weight: torch.Tensor, bias: Optional[torch.Tensor], zero_bias_without_fan_in: bool) -> None:
    # Linear's and the convolutions' initialization: a kaiming-uniform weight and a bias uniform in
    # +-1/sqrt(fan_in); where fan_in is 0, Linear's bias becomes 0 and a convolution's stays unset.
    init.kaiming_uniform_(weight, a=math.sqrt(5))
    if bias is not None:
        fan_in, _ = init._calculate_fan_in_and_fan_out(weight)
        if fan_in != 0:
            bound = 1 / math.sqrt(fan_in)
            init.uniform_(bias, -bound, bound)
        elif zero_bias_without_fan_in:
            init.uniform_(bias, 0, 0)


class Identity(Module):
    def __init__(self, *args: Any):
        # PyTorch's Identity accepts and ignores any arguments
        super().__init__()

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return input


class Linear(Module):
    def __init__(self, in_features: int, out_features: int, bias: bool = True, device: Any = None,
                 dtype: Optional[torch.dtype] = None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty(out_features, in_features, device=device, dtype=dtype))
        self.bias: Optional[torch.Tensor] = _bias(bias, out_features, device, dtype)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        _reset_kaiming(self.weight, self.bias, True)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        return "in_features={}, out_features={}, bias={}".format(self.in_features, self.out_features,
                                                                 self.bias is not None)


class Bilinear(Module):
    def __init__(self, in1_features: int, in2_features: int, out_features: int, bias: bool = True,
                 device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__()
        self.in1_features = in1_features
        self.in2_features = in2_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty(out_features, in1_features, in2_features, device=device, dtype=dtype))
        self.bias: Optional[torch.Tensor] = _bias(bias, out_features, device, dtype)
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
