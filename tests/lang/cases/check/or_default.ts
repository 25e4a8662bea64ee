from typing import Optional
def f(x: Optional[int]) -> int:
    y = x or 5
    return y
print(f(None))
