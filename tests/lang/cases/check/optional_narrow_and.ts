from typing import Optional
def f(x: Optional[int]) -> bool:
    return x is not None and x > 3
print(f(None), f(5), f(1))
# expect: False True False
