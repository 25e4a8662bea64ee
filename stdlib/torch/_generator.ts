# torch.Generator: a CPU random generator of its own (PyTorch 1.13's MT19937 stream). The
# native state is a handle from _ts; samplers pass it to _ts.randperm / _ts.randint.
import torch
import _ts
from typing import Any


class Generator:
    def __init__(self, device: str = "cpu"):
        if device != "cpu":
            raise RuntimeError("Device type " + device.split(":")[0].upper() + " is not supported for torch.Generator() api.")
        self.device = device
        self._handle: Any = _ts.generator_new()

    def manual_seed(self, seed: int) -> "Generator":
        _ts.generator_manual_seed(self._handle, seed)
        return self

    def seed(self) -> int:
        return _ts.generator_seed(self._handle)

    def initial_seed(self) -> int:
        return _ts.generator_initial_seed(self._handle)

    def get_state(self) -> torch.Tensor:
        return _ts.generator_get_state(self._handle)

    def set_state(self, new_state: torch.Tensor) -> "Generator":
        _ts.generator_set_state(self._handle, new_state)
        return self
