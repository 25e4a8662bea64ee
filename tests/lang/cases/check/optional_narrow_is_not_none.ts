from typing import Optional
def f(x: Optional[int]) -> int:
    if x is not None:
        return x + 1
    return 0
print(f(2))
