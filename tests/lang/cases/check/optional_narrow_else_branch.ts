from typing import Optional
def f(x: Optional[int]) -> int:
    if x is None:
        y = 0
    else:
        y = x + 1
    return y
print(f(None), f(1))
# expect: 0 2
