import torch
from typing import Optional


class C:
    def __init__(self):
        self.b: Optional[torch.Tensor] = None

    def f(self) -> torch.Tensor:
        if self.b is not None:
            self.b = None
            return self.b + 1
        return torch.zeros(1)
# strict
# expect error: 12:20 `self.b` may be None here
