from typing import List as L
def f(xs: L[int]) -> int:
    return len(xs)
print(f([1, 2]))
# expect: 2
