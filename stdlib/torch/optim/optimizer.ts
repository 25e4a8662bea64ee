# torch.optim.Optimizer: parameter groups as dicts (group["lr"] reads and writes), per-parameter
# state, state_dict/load_state_dict in PyTorch's layout (parameters numbered in group order).
import torch
import _ts
from typing import List, Dict, Optional, Any, Tuple, Callable
from torch.nn.module import _zero_grad


class Optimizer:
    def __init__(self, params: Any, defaults: Dict[str, Any]):
        self.defaults = defaults
        self.state: Dict[torch.Tensor, Dict[str, Any]] = {}
        self.param_groups: List[Dict[str, Any]] = []
        if isinstance(params, torch.Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, "
                            "but got torch.FloatTensor")
        groups: List[Any] = list(params)
        if len(groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if isinstance(groups[0], torch.Tensor):
            self.add_param_group({"params": groups})
        else:
            for g in groups:
                self.add_param_group(g)

    def add_param_group(self, param_group: Dict[str, Any]) -> None:
        params = param_group["params"]
        plist: List[torch.Tensor] = [params] if isinstance(params, torch.Tensor) else list(params)
        for p in plist:
            if not p.is_leaf:
                raise ValueError("can't optimize a non-leaf Tensor")
        param_group["params"] = plist
        for k, v in self.defaults.items():
            if k not in param_group:
                param_group[k] = v
        for g in self.param_groups:
            for q in g["params"]:
                for p in plist:
                    if p is q:
                        raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none: bool = False) -> None:
        for g in self.param_groups:
            _zero_grad(g["params"], set_to_none)

    def state_dict(self) -> Dict[str, Any]:
        index: Dict[torch.Tensor, int] = {}
        groups: List[Dict[str, Any]] = []
        for g in self.param_groups:
            packed: Dict[str, Any] = {}
            for k, v in g.items():
                if k != "params":
                    packed[k] = v
            ids: List[int] = []
            for p in g["params"]:
                if p not in index:
                    index[p] = len(index)
                ids.append(index[p])
            packed["params"] = ids
            groups.append(packed)
        state: Dict[int, Dict[str, Any]] = {}
        for p, s in self.state.items():
            state[index[p]] = s
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict: Dict[str, Any]) -> None:
        saved: List[Dict[str, Any]] = state_dict["param_groups"]
        if len(saved) != len(self.param_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        for g, s in zip(self.param_groups, saved):
            if len(g["params"]) != len(s["params"]):
                raise ValueError("loaded state dict contains a parameter group that doesn't match the size of "
                                 "optimizer's group")
        by_id: Dict[int, torch.Tensor] = {}
        for g, s in zip(self.param_groups, saved):
            for i, p in zip(s["params"], g["params"]):
                by_id[i] = p
        saved_state: Dict[int, Dict[str, Any]] = state_dict["state"]
        self.state = {}
        for i, st in saved_state.items():
            if i not in by_id:
                continue
            p = by_id[i]
            copy: Dict[str, Any] = {}
            for k, v in st.items():
                if isinstance(v, torch.Tensor) and k != "step" and v.is_floating_point():
                    copy[k] = v.to(p.dtype).clone()
                elif isinstance(v, torch.Tensor):
                    copy[k] = v.clone()
                else:
                    copy[k] = v
            self.state[p] = copy
        new_groups: List[Dict[str, Any]] = []
        for g, s in zip(self.param_groups, saved):
            ng: Dict[str, Any] = {}
            for k, v in s.items():
                ng[k] = v
            ng["params"] = g["params"]
            new_groups.append(ng)
        self.param_groups = new_groups

    def __repr__(self) -> str:
        s = _ts.class_name(self) + " ("
        for i, group in enumerate(self.param_groups):
            s += "\nParameter Group {}\n".format(i)
            for key in sorted(group.keys()):
                if key != "params":
                    s += "    {}: {}\n".format(key, group[key])
        return s + ")"

    def _state(self, p: torch.Tensor) -> Dict[str, Any]:
        if p not in self.state:
            self.state[p] = {}
        return self.state[p]

    def _grads(self, group: Dict[str, Any]) -> List[Tuple[torch.Tensor, torch.Tensor]]:
        # The group's parameters that have a gradient, with the gradient (negated to maximize).
        out: List[Tuple[torch.Tensor, torch.Tensor]] = []
        maximize = False
        if "maximize" in group:
            maximize = group["maximize"]
        params: List[torch.Tensor] = group["params"]
        for p in params:
            g = p.grad
            if g is not None:
                out.append((p, -g if maximize else g))
        return out

    def _with_grads(self, group: Dict[str, Any]) -> Tuple[List[torch.Tensor], List[torch.Tensor]]:
        # The group's parameters that have a gradient, and the gradients as they are.
        params: List[torch.Tensor] = []
        grads: List[torch.Tensor] = []
        for p in group["params"]:
            g = p.grad
            if g is not None:
                params.append(p)
                grads.append(g)
        return params, grads

    def _state_lists(self, params: List[torch.Tensor], names: List[str]) -> List[List[torch.Tensor]]:
        # The state tensors a fused update takes, one list per name, each parameter's state made
        # on its first step (_new_state).
        out: List[List[torch.Tensor]] = []
        for _ in names:
            out.append([])
        for p in params:
            state = self._state(p)
            self._new_state(state, p, names)
            for k in range(len(names)):
                out[k].append(state[names[k]])
        return out

    def _new_state(self, state: Dict[str, Any], p: torch.Tensor, names: List[str]) -> None:
        # A parameter's state on its first step as PyTorch makes it (in `names` order): "step" 0,
        # "mu_product" 1, the others zeros like the parameter; nothing once it has state.
        if len(state) != 0:
            return
        for n in names:
            if n == "step":
                state[n] = torch.tensor(0.0)
            elif n == "mu_product":
                state[n] = torch.tensor(1.0)
            else:
                state[n] = torch.zeros_like(p)

    def step(self, closure: Optional[Callable[[], torch.Tensor]] = None) -> Optional[torch.Tensor]:
        # The step torch.optim's optimizers share (LBFGS has its own): the closure's loss (computed with gradients on),
        # then for each group the native one-pass update (_step_fused) where _use_fused allows it
        # and it takes the group, else PyTorch's single-tensor update (_step_param) of each
        # parameter that has a gradient (negated to maximize).
        loss: Optional[torch.Tensor] = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        with torch.no_grad():
            for group in self.param_groups:
                if self._use_fused(group) and self._step_fused(group):
                    continue
                for param, grad in self._grads(group):
                    self._step_param(group, param, grad, self._state(param))
        return loss

    def _use_fused(self, group: Dict[str, Any]) -> bool:
        return self._fused(group)

    def _step_fused(self, group: Dict[str, Any]) -> bool:
        # The group updated by a native one-pass update; False where it cannot take the group.
        return False

    def _step_param(self, group: Dict[str, Any], param: torch.Tensor, grad: torch.Tensor,
                    state: Dict[str, Any]) -> None:
        raise NotImplementedError("{} has no single-tensor update".format(_ts.class_name(self)))

    def _fused(self, group: Dict[str, Any]) -> bool:
        # The native one-pass update (the _ts_optim_* ops, via runtime/builtins_optim.cpp) unless
        # the group asks for the single-tensor loop with foreach=False; both give the same numbers.
        if "foreach" in group:
            f: Optional[bool] = group["foreach"]
            if f is not None and not f:
                return False
        return True
