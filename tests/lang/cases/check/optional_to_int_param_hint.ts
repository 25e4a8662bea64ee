from typing import Optional
def g(n: int) -> int:
    return n
def f(x: Optional[int]) -> int:
    return g(x)
# expect error: 5:14 argument `n` of `g` must be int, not Optional[int]
# expect hint: `x` may be None here
