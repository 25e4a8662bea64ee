# torch.nn.Module. Module keeps no registries of parameters or submodules: they are found by
# looking at the instance's attributes in declaration order (_ts.attributes), which is the order
# PyTorch registers them in. Buffers are attributes whose names register_buffer recorded.
import torch
import _ts
from typing import List, Tuple, Dict, Optional, Any, Callable
from collections import OrderedDict
from torch.utils.hooks import RemovableHandle


def Parameter(data: torch.Tensor, requires_grad: bool = True) -> torch.Tensor:
    return _ts.make_parameter(data, requires_grad)


def _zero_grad(params: List[torch.Tensor], set_to_none: bool) -> None:
    # Module.zero_grad and Optimizer.zero_grad (PyTorch 1.13: set_to_none defaults to False).
    for p in params:
        if p.grad is not None:
            if set_to_none:
                p.grad = None
            else:
                # As PyTorch: a gradient with history is detached, others only lose
                # requires_grad (a DDP gradient_as_bucket_view gradient is a view, which
                # detach_() refuses).
                g = p.grad
                if g is not None:
                    if g.grad_fn is not None:
                        g.detach_()
                    else:
                        g.requires_grad_(False)
                    g.zero_()


def _addindent(s: str, num_spaces: int) -> str:
    lines = s.split("\n")
    if len(lines) == 1:
        return s
    first = lines.pop(0)
    rest = [(" " * num_spaces) + line for line in lines]
    return first + "\n" + "\n".join(rest)


class _IncompatibleKeys:
    def __init__(self, missing_keys: List[str], unexpected_keys: List[str]):
        self.missing_keys = missing_keys
        self.unexpected_keys = unexpected_keys

    def __repr__(self) -> str:
        if len(self.missing_keys) == 0 and len(self.unexpected_keys) == 0:
            return "<All keys matched successfully>"
        return "_IncompatibleKeys(missing_keys={}, unexpected_keys={})".format(self.missing_keys, self.unexpected_keys)


def _quoted(keys: List[str]) -> str:
    return ", ".join(['"' + k + '"' for k in keys])


# Tensor.type() of a CPU tensor, by dtype (for messages).
_tensor_type_names: Dict[torch.dtype, str] = {
    torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor", torch.float16: "torch.HalfTensor",
    torch.bfloat16: "torch.BFloat16Tensor", torch.int64: "torch.LongTensor", torch.int32: "torch.IntTensor",
    torch.int16: "torch.ShortTensor", torch.int8: "torch.CharTensor", torch.uint8: "torch.ByteTensor",
    torch.bool: "torch.BoolTensor"}


def _check_registered_name(name: str, kind: str) -> None:
    # PyTorch's checks on the name given to register_buffer / register_parameter / add_module.
    if "." in name:
        raise KeyError("{} name can't contain \".\", got: {}".format(kind, name))
    if name == "":
        raise KeyError("{} name can't be empty string \"\"".format(kind))


class Module:
    def __init__(self):
        self.training = True
        self._buffers: Dict[str, bool] = {}  # buffer name -> persistent
        # Parameters, buffers and submodules registered under a name the checker cannot see
        # (`self.add_module("layer" + str(i), m)`): they live here, in registration order, and
        # count after the declared attributes (getattr(m, name) finds them).
        self._dynamic: Dict[str, Any] = {}
        # Hooks by handle id, in registration order; calling the module runs them (the runtime's
        # Note [Module hooks], src/runtime/module_hooks.cpp).
        self._forward_pre_hooks: Dict[int, Any] = {}
        self._forward_hooks: Dict[int, Any] = {}
        self._backward_hooks: Dict[int, Any] = {}

    # ---- registration ----
    # With a literal name the front end declares `name` as an attribute and assigns it before
    # the method runs; any other name is recorded in _dynamic.
    def _register(self, name: str, value: Any, kind: str) -> None:
        _check_registered_name(name, kind)
        if name in self._dynamic or not _ts.has_slot(self, name):
            self._dynamic[name] = value

    def register_buffer(self, name: str, tensor: Optional[torch.Tensor], persistent: bool = True) -> None:
        self._register(name, tensor, "buffer")
        self._buffers[name] = persistent

    def register_parameter(self, name: str, param: Optional[torch.Tensor]) -> None:
        if param is not None and not _ts.is_parameter(param):
            raise TypeError("cannot assign '{}' object to parameter '{}' (torch.nn.Parameter or None required)"
                            .format(_tensor_type_names[param.dtype], name))
        self._register(name, param, "parameter")

    def add_module(self, name: str, module: Optional["Module"]) -> None:
        self._register(name, module, "module")

    def register_module(self, name: str, module: Optional["Module"]) -> None:
        self.add_module(name, module)

    # ---- hooks ----
    def _add_hook(self, hooks: Dict[int, Any], hook: Any) -> RemovableHandle:
        handle = RemovableHandle(_ts.next_hook_id())
        handle._hooks = hooks
        hooks[handle.id] = hook
        _ts.enable_module_hooks(self)
        return handle

    def register_forward_pre_hook(self, hook: Any) -> RemovableHandle:
        return self._add_hook(self._forward_pre_hooks, hook)

    def register_forward_hook(self, hook: Any) -> RemovableHandle:
        return self._add_hook(self._forward_hooks, hook)

    def register_full_backward_hook(self, hook: Any) -> RemovableHandle:
        return self._add_hook(self._backward_hooks, hook)

    def register_backward_hook(self, hook: Any) -> RemovableHandle:
        raise RuntimeError("`Module.register_backward_hook` is not available in tsrun yet; "
                           "use `register_full_backward_hook` (PyTorch deprecates the former)")

    def _lookup_dynamic(self, name: str) -> Any:
        # getattr(m, name) for a name registered at run time (the runtime's getattr asks here).
        if name in self._dynamic:
            return self._dynamic[name]
        raise AttributeError("'{}' object has no attribute '{}'".format(_ts.class_name(self), name))

    def _attributes(self) -> List[Tuple[str, Any]]:
        out = _ts.attributes(self)
        for name, v in self._dynamic.items():
            out.append((name, v))
        return out

    # ---- traversal ----
    def named_children(self) -> List[Tuple[str, "Module"]]:
        out: List[Tuple[str, Module]] = []
        for name, v in self._attributes():
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

    def _own_parameters(self) -> List[Tuple[str, torch.Tensor]]:
        # This module's parameters, not its children's (containers override it).
        out: List[Tuple[str, torch.Tensor]] = []
        for name, v in self._attributes():
            if isinstance(v, torch.Tensor):
                if _ts.is_parameter(v):
                    out.append((name, v))
        return out

    def _own_buffers(self, persistent_only: bool = False) -> List[Tuple[str, torch.Tensor]]:
        out: List[Tuple[str, torch.Tensor]] = []
        for name, v in self._attributes():
            if name in self._buffers and isinstance(v, torch.Tensor):
                if self._buffers[name] or not persistent_only:
                    out.append((name, v))
        return out

    def named_parameters(self, prefix: str = "", recurse: bool = True) -> List[Tuple[str, torch.Tensor]]:
        out: List[Tuple[str, torch.Tensor]] = []
        seen: Dict[torch.Tensor, bool] = {}
        mods = self.named_modules(prefix) if recurse else [(prefix, self)]
        for mname, m in mods:
            for name, p in m._own_parameters():
                if p not in seen:  # shared parameters are listed once, as in PyTorch
                    seen[p] = True
                    out.append((mname + "." + name if mname != "" else name, p))
        return out

    def parameters(self, recurse: bool = True) -> List[torch.Tensor]:
        return [p for _, p in self.named_parameters("", recurse)]

    def named_buffers(self, prefix: str = "", recurse: bool = True) -> List[Tuple[str, torch.Tensor]]:
        out: List[Tuple[str, torch.Tensor]] = []
        mods = self.named_modules(prefix) if recurse else [(prefix, self)]
        for mname, m in mods:
            for name, b in m._own_buffers():
                out.append((mname + "." + name if mname != "" else name, b))
        return out

    def buffers(self, recurse: bool = True) -> List[torch.Tensor]:
        return [b for _, b in self.named_buffers("", recurse)]

    # ---- state ----
    def _state_entries(self, prefix: str) -> List[Tuple[str, torch.Tensor]]:
        # PyTorch's order: each module's parameters, then its persistent buffers, then children.
        out: List[Tuple[str, torch.Tensor]] = []
        for name, p in self._own_parameters():
            out.append((prefix + name, p))
        for name, b in self._own_buffers(True):
            out.append((prefix + name, b))
        for cname, child in self.named_children():
            for k, v in child._state_entries(prefix + cname + "."):
                out.append((k, v))
        return out

    def save(self, f: str) -> None:
        # ScriptModule.save: torch.jit.script(m) is m itself here, so every module has it.
        torch.jit.save(self, f)

    def state_dict(self, prefix: str = "", keep_vars: bool = False) -> Dict[str, torch.Tensor]:
        out: Dict[str, torch.Tensor] = OrderedDict()  # PyTorch's is one (it prints so)
        for name, t in self._state_entries(prefix):
            out[name] = t if keep_vars else t.detach()
        return out

    def load_state_dict(self, state_dict: Dict[str, torch.Tensor], strict: bool = True) -> _IncompatibleKeys:
        missing: List[str] = []
        errors: List[str] = []
        own = self._state_entries("")
        expected: Dict[str, bool] = {}
        with torch.no_grad():
            for name, t in own:
                expected[name] = True
                if name not in state_dict:
                    missing.append(name)
                    continue
                src = state_dict[name]
                if src.shape != t.shape:
                    errors.append("size mismatch for {}: copying a param with shape {} from checkpoint, the shape in "
                                  "current model is {}.".format(name, src.shape, t.shape))
                    continue
                t.copy_(src)
        unexpected = [k for k in state_dict.keys() if k not in expected]
        if strict:
            if len(unexpected) > 0:
                errors.insert(0, "Unexpected key(s) in state_dict: {}. ".format(_quoted(unexpected)))
            if len(missing) > 0:
                errors.insert(0, "Missing key(s) in state_dict: {}. ".format(_quoted(missing)))
        if len(errors) > 0:
            raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(_ts.class_name(self),
                                                                                     "\n\t".join(errors)))
        return _IncompatibleKeys(missing, unexpected)

    # ---- modes and bulk changes ----
    # Methods returning self are annotated `-> Self`: a call keeps the caller's class
    # (`Net().to(device)` is a Net), as in PyTorch.
    def train(self, mode: bool = True) -> Self:
        for m in self.modules():
            m.training = mode
        return self

    def eval(self) -> Self:
        return self.train(False)

    def requires_grad_(self, requires_grad: bool = True) -> Self:
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none: bool = False) -> None:
        _zero_grad(self.parameters(), set_to_none)

    def apply(self, fn: Callable[["Module"], None]) -> Self:
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    def _cast(self, dtype: torch.dtype) -> Self:
        with torch.no_grad():
            for p in self.parameters():
                if p.is_floating_point():
                    p.data = p.data.to(dtype)
            for b in self.buffers():
                if b.is_floating_point():
                    b.data = b.data.to(dtype)
        return self

    # to(device), to(dtype), to(device, dtype), to(tensor), and the keywords: floating
    # parameters and buffers take the dtype, every tensor the device (a CUDA device on a build
    # without CUDA is PyTorch's "Torch not compiled with CUDA enabled").
    def to(self, arg0: Any = None, arg1: Any = None, non_blocking: bool = False, *,
           device: Any = None, dtype: Any = None) -> Self:
        # (the dtype test reads the class name: isinstance(x, torch.dtype) on an Any value is
        # not reliable yet)
        if type(arg0).__name__ == "dtype":
            dtype = arg0
        elif isinstance(arg0, torch.Tensor):
            dtype = arg0.dtype
            device = arg0.device
        elif arg0 is not None:
            device = arg0
        if type(arg1).__name__ == "dtype":
            dtype = arg1
        elif arg1 is not None:
            device = arg1
        if dtype is not None and not torch.empty(0, dtype=dtype).is_floating_point():
            raise TypeError("nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=" +
                            str(dtype))
        if device is not None:
            dev = torch.device(str(device))
            with torch.no_grad():
                for p in self.parameters():
                    p.data = p.data.to(dev)
                for b in self.buffers():
                    b.data = b.data.to(dev)
        if dtype is not None:
            self._cast(dtype)
        return self

    def cpu(self) -> Self:
        return self.to("cpu")

    def cuda(self, device: Any = None) -> Self:
        return self.to("cuda" if device is None else device)

    def float(self) -> Self:
        return self._cast(torch.float32)

    def double(self) -> Self:
        return self._cast(torch.float64)

    def half(self) -> Self:
        return self._cast(torch.float16)

    def bfloat16(self) -> Self:
        return self._cast(torch.bfloat16)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # Subclasses override it (with their own parameters); calling a Module calls forward.
        raise NotImplementedError("Module [" + _ts.class_name(self) + "] is missing the required \"forward\" function")

    def extra_repr(self) -> str:
        return ""

    def _get_name(self) -> str:
        return _ts.class_name(self)

    def __repr__(self) -> str:
        extra_lines: List[str] = []
        extra = self.extra_repr()
        if extra != "":
            extra_lines = extra.split("\n")
        child_lines: List[str] = []
        for name, m in self.named_children():
            child_lines.append("(" + name + "): " + _addindent(repr(m), 2))
        lines = extra_lines + child_lines
        main = self._get_name() + "("
        if len(lines) > 0:
            if len(extra_lines) == 1 and len(child_lines) == 0:
                main += extra_lines[0]
            else:
                main += "\n  " + "\n  ".join(lines) + "\n"
        return main + ")"
