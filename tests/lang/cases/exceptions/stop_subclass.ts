# An iterator may end with an exception class deriving from StopIteration; getattr's default
# takes an AttributeError subclass raised by __getattr__.
from typing import Any, List


class Done(StopIteration):
    pass


class Missing(AttributeError):
    pass


class Count:
    def __init__(self, n: int):
        self.n = n
        self.i = 0

    def __iter__(self) -> "Count":
        return self

    def __next__(self) -> int:
        if self.i >= self.n:
            raise Done()
        self.i += 1
        return self.i


class Lazy:
    def __getattr__(self, name: str) -> Any:
        raise Missing(name)


xs: List[int] = []
for v in Count(3):
    xs.append(v)
print(xs, list(Count(2)), next(Count(0), -1))
print(getattr(Lazy(), "nothing", "default"), hasattr(Lazy(), "x"))
