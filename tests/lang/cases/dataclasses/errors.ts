# What CPython refuses when the class is made, and options not supported yet, are check errors.
from dataclasses import dataclass, field
from typing import List


@dataclass
class A:
    x: int = 0
    y: int


@dataclass
class B:
    items: List[int] = []


@dataclass(frozen=True)
class C:
    x: int


@dataclass
class D:
    x: int = field(default=1, default_factory=int)
# expect error: 9:5 non-default argument 'y' follows default argument
# expect error: 14:24 mutable default <class 'list'> for field items is not allowed: use default_factory
# expect error: 17:12 `dataclass(frozen=True)` is not available in tsrun yet
# expect error: 24:14 cannot specify both default and default_factory
