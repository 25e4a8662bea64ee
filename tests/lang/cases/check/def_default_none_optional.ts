from typing import Optional
def f(x: Optional[int] = None) -> int:
    if x is None:
        return -1
    return x * 2
print(f(), f(4), f(x=None))
# expect: -1 8 -1
