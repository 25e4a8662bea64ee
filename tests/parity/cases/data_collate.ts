# default_collate: PyTorch 1.13's rules for tensors, numbers, strings, dicts and sequences.
import torch
from torch.utils.data import default_collate
from typing import Any, Dict, List

print(default_collate([torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])]))
ints = default_collate([1, 2, 3])
ti: torch.Tensor = ints
print(ints, ti.dtype)
floats = default_collate([1.5, 2.0])
tf: torch.Tensor = floats
print(floats, tf.dtype)
bools = default_collate([True, False])
tb: torch.Tensor = bools
print(bools, tb.dtype)
print(default_collate(["a", "b"]))
pairs = default_collate([(torch.zeros(2), 0), (torch.ones(2), 1)])
print(pairs)
print(default_collate([[1, 2.5], [3, 4.5]]))
d1: Dict[str, Any] = {"x": torch.tensor(1), "y": "s", "z": 0.5}
d2: Dict[str, Any] = {"x": torch.tensor(2), "y": "t", "z": 1.5}
d = default_collate([d1, d2])
print(d)
l1: List[Any] = [2.0, "u"]
l2: List[Any] = [4.0, "v"]
nested = default_collate([{"a": (1, l1)}, {"a": (3, l2)}])
print(nested)
print(default_collate([torch.tensor(5, dtype=torch.int32), torch.tensor(6, dtype=torch.int32)]))
try:
    default_collate([[1, 2], [3]])
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    default_collate([None, None])
except TypeError as e:
    print("TypeError:", e)
try:
    default_collate([torch.zeros(2), torch.zeros(3)])
except RuntimeError as e:
    print("RuntimeError:", e)
