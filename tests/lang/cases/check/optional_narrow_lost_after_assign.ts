from typing import Optional
def f(x: Optional[int], y: Optional[int]) -> int:
    if x is not None:
        x = y
        return x + 1
    return 0
# expect error: 5:16 unsupported operand types for +: Optional[int] and int
