from typing import Optional
def f(x: Optional[float]) -> float:
    if x is None:
        raise ValueError("none")
    return x * 2.0
print(f(1.5))
# expect: 3.0
