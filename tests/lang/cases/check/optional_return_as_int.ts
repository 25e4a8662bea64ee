from typing import Optional
def f(x: Optional[int]) -> int:
    return x
# expect error: 3:12 `f` is declared to return int but this returns Optional[int]
