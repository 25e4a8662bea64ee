from typing import Tuple
def f(t: Tuple[int, ...]) -> int:
    return 0
# expect error: 2:10 variadic `Tuple[T, ...]` is not supported
