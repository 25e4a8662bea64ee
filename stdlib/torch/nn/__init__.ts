# torch.nn: modules. Module keeps no registries: its parameters and submodules are found by
# looking at the instance's attributes in declaration order (_ts.attributes), which is the
# order PyTorch registers them in.
import math
import torch
import _ts
from typing import List, Tuple, Dict, Optional, Any
import torch.nn.functional as functional
import torch.nn.init as init


def Parameter(data: torch.Tensor, requires_grad: bool = True) -> torch.Tensor:
    return _ts.make_parameter(data, requires_grad)


def _zero_grad(params: List[torch.Tensor], set_to_none: bool) -> None:
    # Module.zero_grad and Optimizer.zero_grad (PyTorch 1.13: set_to_none defaults to False).
    for p in params:
        if p.grad is not None:
            if set_to_none:
                p.grad = None
            else:
                p.grad.detach_()
                p.grad.zero_()


def _addindent(s: str, num_spaces: int) -> str:
    lines = s.split("\n")
    if len(lines) == 1:
        return s
    first = lines.pop(0)
    rest = [(" " * num_spaces) + line for line in lines]
    return first + "\n" + "\n".join(rest)


class Module:
    def __init__(self):
        self.training = True

    def named_children(self) -> List[Tuple[str, "Module"]]:
        out: List[Tuple[str, Module]] = []
        for name, v in _ts.attributes(self):
            if isinstance(v, Module):
                out.append((name, v))
        return out

    def children(self) -> List["Module"]:
        return [m for _, m in self.named_children()]

    def named_modules(self, prefix: str = "") -> List[Tuple[str, "Module"]]:
        out: List[Tuple[str, Module]] = [(prefix, self)]
        for name, m in self.named_children():
            sub = prefix + "." + name if prefix != "" else name
            for n2, m2 in m.named_modules(sub):
                out.append((n2, m2))
        return out

    def modules(self) -> List["Module"]:
        return [m for _, m in self.named_modules()]

    def named_parameters(self, prefix: str = "", recurse: bool = True) -> List[Tuple[str, torch.Tensor]]:
        out: List[Tuple[str, torch.Tensor]] = []
        for name, v in _ts.attributes(self):
            if isinstance(v, torch.Tensor):
                if _ts.is_parameter(v):
                    out.append((prefix + name, v))
        if recurse:
            for cname, child in self.named_children():
                for pname, p in child.named_parameters(prefix + cname + ".", True):
                    out.append((pname, p))
        return out

    def parameters(self, recurse: bool = True) -> List[torch.Tensor]:
        return [p for _, p in self.named_parameters("", recurse)]

    def state_dict(self) -> Dict[str, torch.Tensor]:
        out: Dict[str, torch.Tensor] = {}
        for name, p in self.named_parameters():
            out[name] = p.detach()
        return out

    def train(self, mode: bool = True) -> "Module":
        for m in self.modules():
            m.training = mode
        return self

    def eval(self) -> "Module":
        return self.train(False)

    def zero_grad(self, set_to_none: bool = False) -> None:
        _zero_grad(self.parameters(), set_to_none)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # Subclasses override it (with their own parameters); calling a Module calls forward.
        raise NotImplementedError("Module [" + _ts.class_name(self) + "] is missing the required \"forward\" function")

    def extra_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        extra_lines: List[str] = []
        extra = self.extra_repr()
        if extra != "":
            extra_lines = extra.split("\n")
        child_lines: List[str] = []
        for name, m in self.named_children():
            child_lines.append("(" + name + "): " + _addindent(repr(m), 2))
        lines = extra_lines + child_lines
        main = _ts.class_name(self) + "("
        if len(lines) > 0:
            if len(extra_lines) == 1 and len(child_lines) == 0:
                main += extra_lines[0]
            else:
                main += "\n  " + "\n  ".join(lines) + "\n"
        return main + ")"


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


class MSELoss(Module):
    def __init__(self, reduction: str = "mean"):
        super().__init__()
        self.reduction = reduction

    def forward(self, input: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return functional.mse_loss(input, target, self.reduction)


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


class _WeightedLoss(Module):
    # PyTorch's base of the class-weighted losses.
    def __init__(self, weight: Optional[torch.Tensor] = None, ignore_index: int = -100, reduction: str = "mean"):
        super().__init__()
        self.weight = weight
        self.ignore_index = ignore_index
        self.reduction = reduction


class NLLLoss(_WeightedLoss):
    def forward(self, input: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return functional.nll_loss(input, target, self.weight, self.ignore_index, self.reduction)


class CrossEntropyLoss(_WeightedLoss):
    def forward(self, input: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return functional.cross_entropy(input, target, self.weight, self.ignore_index, self.reduction)


class ModuleList(Module):
    def __init__(self, modules: Optional[List[Module]] = None):
        super().__init__()
        self.items: List[Module] = []
        if modules is not None:
            for m in modules:
                self.items.append(m)

    def named_children(self) -> List[Tuple[str, Module]]:
        return [(str(i), m) for i, m in enumerate(self.items)]

    def append(self, module: Module) -> "ModuleList":
        self.items.append(module)
        return self

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, idx: int) -> Module:
        return self.items[idx]
