# @dataclass as CPython expands it: __init__ with the fields in order and their defaults,
# default_factory per instance, __repr__, __eq__ (same class only), class attributes, __post_init__.
import dataclasses
from dataclasses import dataclass, field
from typing import Dict, List, Optional
import torch


@dataclass
class Config:
    lr: float = 0.1
    epochs: int = 10
    name: str = "run"
    layers: List[int] = field(default_factory=list)
    extra: Dict[str, int] = field(default_factory=dict)


@dataclass()
class Point:
    x: int
    y: int = 0


@dataclasses.dataclass
class Run:
    config: Config
    best: Optional[float] = None
    tag: str = field(default="main")
    steps: List[int] = field(default_factory=lambda: [1, 2, 3])

    def __post_init__(self) -> None:
        self.steps.append(len(self.tag))


@dataclass
class Point3(Point):
    z: int = 5


@dataclass
class Shown:
    a: int
    hidden: int = field(default=7, repr=False)
    ignored: int = field(default=0, compare=False)
    later: int = field(default=3, init=False)

    def __repr__(self) -> str:
        return "Shown<" + str(self.a) + ">"


@dataclass
class Weights:
    w: torch.Tensor
    scale: float = 1.0


@dataclass
class Label:
    text: str = "é ü"  # the expansion copies defaults by code-point columns
    sym: str = "→" + "x"


c = Config(lr=0.5)
print(c)
print(c.lr, c.epochs, c.name, c.layers, c.extra)
print(Config.lr, Config.name)
d = Config(0.5)
print(c == d, c == Config(), c != Config(), c == 3)
c.layers.append(4)
print(c.layers, d.layers, Config().layers)
print(Point(1), Point(2, 3), Point(y=4, x=5), Point(1) == Point(1, 0))
r = Run(c)
print(r)
print(Run(Config(), 0.5, "x"), Run(Config(), tag="long tag").steps)
p = Point3(1, 2)
print(p, p.z, p == Point3(1, 2, 5), p == Point(1, 2))
s = Shown(1, 2, 3)
print(s, s.hidden, s.ignored, s.later, s == Shown(1, 2, 99), s == Shown(1, 3, 3))
print(Weights(torch.ones(2)))
configs = [Config(epochs=3), Config(name="b")]
print(configs, Config(epochs=3) in configs)
print(Label(), Label("ß"))
