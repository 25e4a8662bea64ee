from typing import Optional
def f(x: Optional[int], y: Optional[int]) -> int:
    if x is not None:
        x = y
        return x + 1
    return 0
# strict
# expect error: 5:16 `x` may be None here
