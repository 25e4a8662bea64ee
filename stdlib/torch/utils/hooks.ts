# torch.utils.hooks: RemovableHandle, what Tensor.register_hook returns; remove() turns the hook
# off (src/runtime/builtins_autograd.cpp, Tensor.register_hook).
import _ts


class RemovableHandle:
    def __init__(self, hook_id: int) -> None:
        self.id = hook_id

    def remove(self) -> None:
        _ts.remove_hook(self.id)
