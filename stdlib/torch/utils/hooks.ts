# torch.utils.hooks: RemovableHandle, what Tensor.register_hook and the Module.register_*_hook
# methods return; remove() turns the hook off (a tensor's: src/runtime/builtins_autograd.cpp,
# Tensor.register_hook; a module's: its entry in the module's hooks dict is deleted).
import _ts
from typing import Any, Dict, Optional


class RemovableHandle:
    def __init__(self, hook_id: int) -> None:
        self.id = hook_id
        self._hooks: Optional[Dict[int, Any]] = None  # a module's hooks dict, or None for a tensor's hook

    def remove(self) -> None:
        hooks = self._hooks
        if hooks is None:
            _ts.remove_hook(self.id)
        elif self.id in hooks:
            del hooks[self.id]

    def __enter__(self) -> "RemovableHandle":
        return self

    def __exit__(self, exc_type: Any, exc_value: Any, tb: Any) -> None:
        self.remove()
