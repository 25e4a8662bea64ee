# dataclasses: `@dataclass` (options init, repr, eq, order) and `field(default=...,
# default_factory=..., init=, repr=, compare=)` are expanded when a script is parsed, into the
# __init__, __repr__, __eq__ and ordering methods CPython would add (src/frontend/README.md,
# Note [Dataclasses]); these functions are what a script reaches when it uses them otherwise.
from typing import Any


def dataclass(cls: Any) -> Any:
    raise TypeError("dataclass() applies to a class as its decorator in tsrun: @dataclass or @dataclass(...)")


def field(default: Any = None, default_factory: Any = None) -> Any:
    raise TypeError("field() gives a dataclass field its default in the class body: x: int = field(default=0)")
