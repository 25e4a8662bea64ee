# Class attributes (constants in the class body) read through instances and the class, on
# exception classes and others; KeyError subclasses print their argument's repr; `Exception`
# as a parameter type.
from typing import Tuple


class Config:
    name = "cfg"
    size: int = 3
    shape = (2, -1)


class Wide(Config):
    size = 8


class Coded(Exception):
    code = 7
    level: float = 0.5

    def __init__(self, msg: str):
        super().__init__(msg)


class MissingKey(KeyError):
    pass


def describe(e: Exception) -> str:
    return type(e).__name__ + ": " + str(e)


c = Config()
w = Wide()
print(c.name, c.size, c.shape, w.name, w.size, Config.size, Wide.size, Wide.shape)
w.size = 9
print(w.size, Wide().size)
e = Coded("x")
print(e.code, e.level, Coded.code, e.args)
print(str(MissingKey("a")), repr(MissingKey("a")), str(MissingKey()), str(MissingKey(1, 2)), repr(MissingKey(1, 2)))
print(describe(Coded("through Exception")), describe(MissingKey("k")))
try:
    raise MissingKey("gone")
except KeyError as k:
    print(describe(k))
