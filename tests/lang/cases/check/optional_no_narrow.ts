from typing import Optional
def f(x: Optional[int]) -> int:
    return x + 1
# expect error: 3:12 unsupported operand types for +: Optional[int] and int
# expect hint: `x` may be None here
