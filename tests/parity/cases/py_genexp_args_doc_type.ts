# Generator expressions as call arguments, namedtuple classes' _fields, function docstrings,
# `type` / `Type[...]` annotations for classes passed around, and a sampler whose __iter__
# returns iter(list).
import functools
import itertools
from collections import namedtuple
from typing import Dict, List, Type

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Sampler, TensorDataset

Row = namedtuple("Row", ["name", "score", "rank"])
print(Row._fields, len(Row._fields), Row(1, 2, 3)._fields == Row._fields)

names = ["a", "b", "c", "d"]
cm = torch.tensor([[5, 1, 0, 2], [0, 4, 3, 0], [1, 0, 6, 1], [2, 2, 0, 3]])
worst = max(((names[i], names[j], int(cm[i, j].item())) for i in range(4) for j in range(4) if i != j), key=lambda t: t[2])
print("worst confusion:", worst)
grid = {"lr": [0.1, 0.01], "bs": [16, 32], "wd": [0.0]}
keys = sorted(grid)
for values in itertools.product(*(grid[k] for k in keys)):
    print(dict(zip(keys, values)))
print(functools.reduce(lambda a, b: a * b, (k + 1 for k in range(5)), 1))
print(sorted((x * x for x in range(-3, 3)), reverse=True), min((abs(v) for v in [-4, 2, -1]), default=0))
print(sum(x for x in range(5)), "".join(str(x) for x in range(4)))


def warmup(step: int) -> float:
    """Linear warmup over the first 10 steps."""
    return min(1.0, (step + 1) / 10)


def plain(x):
    return x


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper


@timed
def decay(step: int) -> float:
    """Exponential decay."""
    return 0.9 ** step


print(warmup.__doc__, plain.__doc__, decay.__doc__, decay.__name__)

REGISTRY: Dict[str, type] = {}


def register(cls: type) -> type:
    REGISTRY[cls.__name__] = cls
    return cls


class Small(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)


def build(kind: Type[nn.Module]) -> nn.Module:
    return kind()


register(Small)
print(sorted(REGISTRY), build(Small))


class ShuffledOrder(Sampler):
    def __init__(self, n: int):
        self.n = n

    def __iter__(self):
        order = [i for i in range(self.n)][::-1]
        return iter(order)

    def __len__(self):
        return self.n


ds = TensorDataset(torch.arange(6.0).unsqueeze(1))
for (xb,) in DataLoader(ds, batch_size=4, sampler=ShuffledOrder(6)):
    print(xb.squeeze(1).tolist())
