from typing import Optional
def g(n: int) -> int:
    return n
def f(x: Optional[int]) -> int:
    return g(x)
# strict
# expect error: 5:14 `x` may be None here
