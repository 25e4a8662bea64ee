# `f(*xs)` on a function value (typed Callable or Any) spreads a list or tuple into its
# arguments; a function value whose def has `*args` gathers the extra arguments into a tuple;
# an object with `__call__` fits a Callable parameter; isinstance(x, tuple) tests an Any.
from typing import Any, Callable, List, Tuple


def apply(func: Callable[..., Any], inputs: Any) -> Any:
    if isinstance(inputs, tuple):
        return func(*inputs)
    return func(inputs)


def add(a: int, b: int) -> int:
    return a + b


def count(first: int, *rest: int) -> Tuple[int, int]:
    return first, len(rest)


def wrap(func: Callable[..., Any]) -> Any:
    def wrapped(*args: Any) -> Any:
        return ("wrapped", func(*args))
    return wrapped


class Scale:
    def __init__(self, k: int):
        self.k = k

    def __call__(self, x: int) -> int:
        return self.k * x


xs: List[int] = [2, 3]
print(apply(add, (1, 2)), apply(lambda v: v * 10, 4), apply(Scale(3), 5))
f: Callable[..., Any] = add
print(f(*xs), f(1, *[5]))
g: Callable[..., Any] = count
print(g(1), g(1, 2, 3), g(*xs), g(0, *xs, 9))
print(wrap(add)(4, 5), wrap(count)(*xs), wrap(lambda: 7)())
