# torch.nn: modules. The pieces live in module.ts (Module, Parameter), layers.ts, containers.ts and
# loss.ts; this file holds Linear and the basic activations and gathers everything under `nn`.
import math
import torch
import _ts
from typing import List, Tuple, Dict, Optional, Any
import torch.nn.functional as functional
import torch.nn.init as init
from torch.nn.module import Module, Parameter, _zero_grad, _addindent, _IncompatibleKeys
from torch.nn.layers import (Identity, Flatten, Unflatten, Conv1d, Conv2d, ConvTranspose1d, ConvTranspose2d,
    Bilinear, MaxPool1d, MaxPool2d, AvgPool1d, AvgPool2d, AdaptiveAvgPool1d, AdaptiveAvgPool2d,
    AdaptiveMaxPool2d, BatchNorm1d, BatchNorm2d, LayerNorm, GroupNorm, Embedding, Dropout2d, LeakyReLU, GELU,
    ELU, SiLU, ReLU6, Softplus, Hardtanh, Hardsigmoid, Hardswish, Mish, SELU, CELU, Softsign, Tanhshrink,
    LogSigmoid, Softmin, Threshold, PReLU, GLU)
from torch.nn.vision import InstanceNorm1d, InstanceNorm2d, PixelShuffle, PixelUnshuffle, Upsample
from torch.nn.rnn import RNN, LSTM, GRU, RNNCell, LSTMCell, GRUCell
from torch.nn.containers import (Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict)
from torch.nn.loss import (_Loss, _WeightedLoss, MSELoss, L1Loss, NLLLoss, CrossEntropyLoss, BCELoss,
    BCEWithLogitsLoss, SmoothL1Loss, HuberLoss, KLDivLoss)


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
        return functional.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        return "in_features={}, out_features={}, bias={}".format(self.in_features, self.out_features,
                                                                 self.bias is not None)


class ReLU(Module):
    def __init__(self, inplace: bool = False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return functional.relu(input, self.inplace)

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
        return functional.softmax(input, self.dim)

    def extra_repr(self) -> str:
        return "dim={}".format(self.dim)


class LogSoftmax(Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return functional.log_softmax(input, self.dim)

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
        return functional.dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return "p={}, inplace={}".format(self.p, self.inplace)
