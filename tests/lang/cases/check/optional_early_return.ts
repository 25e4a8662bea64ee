from typing import Optional
def f(x: Optional[int]) -> int:
    if x is None:
        return 0
    return x * 2
print(f(None))
