# Functions, builtins, bound methods and classes as values: each call runs the value it is given.
import math
import torch
import torch.nn as nn


def inc(x):
    return x + 1


def dbl(x):
    return x * 100


def apply(fn, x):
    return fn(x)


class Counter:
    def __init__(self, k):
        self.k = k
        self.seen = []

    def add(self, x):
        self.seen.append(x)
        return x + self.k


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.apply(self._init_weights)

    def _init_weights(self, m):
        if isinstance(m, nn.Linear):
            nn.init.constant_(m.weight, 0.5)
            nn.init.zeros_(m.bias)

    def forward(self, x):
        return self.fc(x)


print(apply(inc, 1), apply(dbl, 1), apply(lambda v: v - 1, 1))
c = Counter(10)
g = c.add
print(g(1), apply(c.add, 2), c.seen)
xs = [3, -1, 2]
print(list(map(abs, xs)), list(map(str, xs)), ", ".join(map(str, xs)), list(map(math.sqrt, [4.0, 9.0])))
print(list(map(lambda a, b: a * b, xs, [10, 20, 30, 40])), list(map(inc, xs)))
print(list(filter(lambda v: v > 0, xs)), list(filter(None, [0, 1, 2])))
print(sorted(["ccc", "a", "bb"], key=len), max(["ccc", "a", "bb"], key=len))
print(Net()(torch.ones(1, 2)))
ACTS = {"relu": nn.ReLU, "tanh": nn.Tanh}
act = ACTS["tanh"]()
print(act, act(torch.zeros(2)))
losses = {"mse": nn.MSELoss(), "l1": nn.L1Loss()}
for name, fn in losses.items():
    print(name, fn(torch.ones(3), torch.zeros(3)))
# expect warning: 38:28 `m.bias` may be None here
