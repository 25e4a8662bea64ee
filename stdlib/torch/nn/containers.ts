# torch.nn containers: Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict. Their
# members are named "0", "1", ... (or by key) as in PyTorch.
import torch
from typing import List, Tuple, Dict, Optional, Any
from torch.nn.module import Module, Parameter


class _ModuleSequence(Module):
    # What Sequential and ModuleList share: numbered children, len() and indexing.
    def __init__(self, modules: List[Module]):
        super().__init__()
        self.items: List[Module] = []
        for m in modules:
            self.items.append(m)

    def named_children(self) -> List[Tuple[str, Module]]:
        return [(str(i), m) for i, m in enumerate(self.items)]

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, idx: int) -> Module:
        n = len(self.items)
        if idx < -n or idx >= n:
            raise IndexError("index {} is out of range".format(idx))
        return self.items[idx]


class Sequential(_ModuleSequence):
    # Sequential(m1, m2, ...) names its children "0", "1", ...; Sequential(OrderedDict([(name,
    # module), ...])) by the keys, which are then attributes (`seq.fc`), as PyTorch's. The
    # arguments are checked here, so the message is PyTorch's ("int is not a Module subclass").
    def __init__(self, *args: Any):
        super().__init__([])
        # Children keep their names in a slice (seq[1:] has children "1", "2", ...), as PyTorch's.
        self.keys: List[str] = []
        if len(args) == 1 and isinstance(args[0], dict):
            named: Dict[str, Any] = args[0]
            for k, m in named.items():
                self._add(k, m)
        else:
            for i, m in enumerate(args):
                self._add(str(i), m)

    def _add(self, key: str, m: Any) -> None:
        if not isinstance(m, Module):
            raise TypeError("{} is not a Module subclass".format(type(m).__name__))
        self.keys.append(key)
        self.items.append(m)

    def __getattr__(self, name: str) -> Any:
        # A child named by an OrderedDict key (`seq.fc`), else what Module finds.
        for i, k in enumerate(self.keys):
            if k == name:
                return self.items[i]
        return self._lookup_dynamic(name)

    def named_children(self) -> List[Tuple[str, Module]]:
        return [(self.keys[i], m) for i, m in enumerate(self.items)]

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        for m in self.items:
            input = m(input)
        return input

    def append(self, module: Module) -> "Sequential":
        self.keys.append(str(len(self.items)))
        self.items.append(module)
        return self

    def __getitem_slice__(self, start: Optional[int], stop: Optional[int], step: Optional[int]) -> "Sequential":
        out = Sequential()
        out.items = self.items[start:stop:step]
        out.keys = self.keys[start:stop:step]
        return out


class ModuleList(_ModuleSequence):
    def __init__(self, modules: Optional[List[Module]] = None):
        super().__init__(modules if modules is not None else [])

    def append(self, module: Module) -> "ModuleList":
        self.items.append(module)
        return self

    def extend(self, modules: List[Module]) -> "ModuleList":
        for m in modules:
            self.items.append(m)
        return self

    def insert(self, index: int, module: Module) -> None:
        self.items.insert(index, module)

    def __getitem_slice__(self, start: Optional[int], stop: Optional[int], step: Optional[int]) -> "ModuleList":
        return ModuleList(self.items[start:stop:step])


class ModuleDict(Module):
    def __init__(self, modules: Optional[Dict[str, Module]] = None):
        super().__init__()
        self.entries: Dict[str, Module] = {}
        if modules is not None:
            for k, m in modules.items():
                self.entries[k] = m

    def named_children(self) -> List[Tuple[str, Module]]:
        return [(k, m) for k, m in self.entries.items()]

    def __getitem__(self, key: str) -> Module:
        return self.entries[key]

    def __setitem__(self, key: str, module: Module) -> None:
        self.entries[key] = module

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, key: str) -> bool:
        return key in self.entries

    def keys(self) -> List[str]:
        return list(self.entries.keys())

    def values(self) -> List[Module]:
        return list(self.entries.values())

    def items(self) -> List[Tuple[str, Module]]:
        return list(self.entries.items())


def _param_line(k: str, p: torch.Tensor, typename: bool) -> str:
    # PyTorch 1.13: ParameterList names the dtype, ParameterDict the legacy tensor type.
    size = "x".join([str(s) for s in p.size()])
    kind = {torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor", torch.int64: "torch.LongTensor",
            torch.float16: "torch.HalfTensor"}
    t = kind[p.dtype] if typename and p.dtype in kind else str(p.dtype)
    return "  ({}): Parameter containing: [{} of size {}]".format(k, t, size)


class ParameterList(Module):
    def __init__(self, values: Optional[List[torch.Tensor]] = None):
        super().__init__()
        self.params: List[torch.Tensor] = []
        if values is not None:
            for p in values:
                self.append(p)

    def _own_parameters(self) -> List[Tuple[str, torch.Tensor]]:
        return [(str(i), p) for i, p in enumerate(self.params)]

    def append(self, value: torch.Tensor) -> "ParameterList":
        self.params.append(value if value.requires_grad else Parameter(value))
        return self

    def __len__(self) -> int:
        return len(self.params)

    def __getitem__(self, idx: int) -> torch.Tensor:
        return self.params[idx]

    def extra_repr(self) -> str:
        return "\n".join([_param_line(str(i), p, False) for i, p in enumerate(self.params)])


class ParameterDict(Module):
    def __init__(self, parameters: Optional[Dict[str, torch.Tensor]] = None):
        super().__init__()
        self.params: Dict[str, torch.Tensor] = {}
        if parameters is not None:
            for k, p in parameters.items():
                self[k] = p

    def _own_parameters(self) -> List[Tuple[str, torch.Tensor]]:
        return [(k, p) for k, p in self.params.items()]

    def __setitem__(self, key: str, value: torch.Tensor) -> None:
        self.params[key] = value if value.requires_grad else Parameter(value)

    def __getitem__(self, key: str) -> torch.Tensor:
        return self.params[key]

    def __len__(self) -> int:
        return len(self.params)

    def __contains__(self, key: str) -> bool:
        return key in self.params

    def keys(self) -> List[str]:
        return list(self.params.keys())

    def extra_repr(self) -> str:
        return "\n".join([_param_line(k, p, True) for k, p in self.params.items()])
