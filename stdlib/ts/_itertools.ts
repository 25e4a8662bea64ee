# itertools' infinite iterators: count, cycle and repeat (repeat(x, times) ends). The checker's
# `itertools` module takes these classes (its other functions are builtins over finite
# iterables: src/frontend/check/check_pylib.cpp); islice and zip pull from them lazily.
from typing import Any, List, Optional


class count:
    def __init__(self, start: int = 0, step: int = 1):
        self.n = start
        self.step = step

    def __iter__(self) -> "count":
        return self

    def __next__(self) -> int:
        v = self.n
        self.n += self.step
        return v

    def __repr__(self) -> str:
        if self.step == 1:
            return "count({})".format(self.n)
        return "count({}, {})".format(self.n, self.step)


class cycle:
    def __init__(self, iterable: Any):
        self.items: List[Any] = list(iterable)
        self.i = 0

    def __iter__(self) -> "cycle":
        return self

    def __next__(self) -> Any:
        if len(self.items) == 0:
            raise StopIteration()
        v = self.items[self.i]
        self.i = (self.i + 1) % len(self.items)
        return v


class repeat:
    def __init__(self, object: Any, times: Optional[int] = None):
        self.value = object
        self.left = -1
        if times is not None:
            self.left = max(times, 0)

    def __iter__(self) -> "repeat":
        return self

    def __next__(self) -> Any:
        if self.left == 0:
            raise StopIteration()
        if self.left > 0:
            self.left -= 1
        return self.value
