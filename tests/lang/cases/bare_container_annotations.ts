# Containers annotated without element types hold any values, as the bare names mean in Python.
from dataclasses import dataclass, field
from typing import Dict, List


@dataclass
class Config:
    sizes: list = field(default_factory=lambda: [32, 16])
    extra: dict = field(default_factory=dict)
    name: str = "run"


def total(xs: List) -> int:
    return len(xs)


def keys(d: Dict) -> list:
    return sorted(d.keys())


c = Config()
c.extra["lr"] = 0.1
c.extra["tag"] = "a"
print(c, total(c.sizes), keys(c.extra))
pair: tuple = (1, "x")
print(pair)
