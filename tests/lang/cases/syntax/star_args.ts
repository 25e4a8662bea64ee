# *args is a tuple of the annotated type; `f(*xs)` fills it from a list.
from typing import List


def total(scale: int, *args: int) -> int:
    s = 0
    for x in args:
        s += x * scale
    return s + len(args)


def first_or(default: int, *args: int) -> int:
    return args[0] if len(args) > 0 else default


xs: List[int] = [4, 5]
print(total(1), total(2, 1, 2, 3), total(10, *xs), total(1, 7, *xs))
print(first_or(9), first_or(9, 8))
