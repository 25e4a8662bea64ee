# `*` in a call to a function value must spread something iterable.
from typing import Any, Callable


def call(func: Callable[..., Any], n: int) -> Any:
    return func(*n)
# expect error: 6:18 int
