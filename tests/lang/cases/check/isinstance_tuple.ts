# isinstance(x, (A, B, ...)): true when x is an instance of any of them (classes, builtin types,
# list/dict/tuple, torch.Tensor).
import torch
from typing import Any, List


class Base:
    def __init__(self):
        self.v = 1


class Child(Base):
    def __init__(self):
        super().__init__()


class Other:
    def __init__(self):
        self.w = 2


values: List[Any] = [1, 2.5, "s", [1], {"a": 1}, (1, 2), torch.ones(1), Child(), Other(), None, True]
for v in values:
    print(isinstance(v, (int, float)), isinstance(v, (list, tuple)), isinstance(v, (str, dict)),
          isinstance(v, (torch.Tensor, Base)), isinstance(v, (Other,)))
