from typing import Optional
def f(x: Optional[int]) -> int:
    return x + 1
# strict
# expect error: 3:12 `x` may be None here
# expect hint: check `if x is not None:` first
