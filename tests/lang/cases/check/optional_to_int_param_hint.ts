from typing import Optional
def g(n: int) -> int:
    return n
def f(x: Optional[int]) -> int:
    return g(x)
print(f(3))
# expect warning: 5:14 `x` may be None here (its type is Optional[int])
# expect hint: check `if x is not None:` first; if it is None here, this raises TypeError
