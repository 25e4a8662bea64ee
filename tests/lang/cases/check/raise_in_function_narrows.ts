from typing import Optional
def need(x: Optional[int]) -> int:
    if x is None:
        raise ValueError("x is required")
    return x + 1
print(need(4))
try:
    need(None)
except ValueError as e:
    print(e)
# expect: 5
# expect: x is required
