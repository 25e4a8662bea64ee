from typing import Optional
def f(x: Optional[int]) -> int:
    if isinstance(x, int):
        return x * 3
    return 0
print(f(2), f(None))
# expect: 6 0
