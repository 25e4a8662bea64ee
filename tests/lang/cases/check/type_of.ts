# type(x), x.__class__ and their __name__ / __module__ for builtin values, tensors, parameters and
# script classes; classes named as values print and compare as CPython's do (== and is).
import torch
import torch.nn as nn
from typing import Any, List


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def forward(self, x):
        return self.fc(x)


class Point:
    def __init__(self, x: int):
        self.x = x


net = Net()
p = Point(3)
print(type(1), type(2.5), type("s"), type(True), type([1]), type({"a": 1}), type((1, 2)), type(None))
print(type(torch.ones(2)), type(net), type(p), type(net.fc.weight))
print(type(1).__name__, type(torch.ones(1)).__name__, type(net).__name__, p.__class__.__name__)
print(net.__class__, p.__class__ == Point, type(p) is Point, type(p) == Net)
print(type(3) is int, type(3) == float, type(2.0) in (int, float), type("a") != str)
print(int, float, str, bool, list, dict, tuple, torch.Tensor, Point, Net)
print(Point.__name__, int.__name__, torch.Tensor.__name__, type(net).__module__, int.__module__)
values: List[Any] = [1, 2.5, "s", None, torch.zeros(1), p]
for v in values:
    t = type(v)
    print(t.__name__, t is type(v), t == int)
name: str = type(p).__name__
print(f"{type(net).__name__}: {name}")
same: bool = type(p) == type(Point(4))
print(same)
if type(net) is Net:
    print("net")
try:
    raise ValueError("bad")
except ValueError as e:
    print(type(e).__name__, type(e), type(e) is ValueError)
