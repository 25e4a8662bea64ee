from typing import Optional
def f(x: Optional[int]) -> int:
    assert x is not None
    return x * 2
print(f(1))
