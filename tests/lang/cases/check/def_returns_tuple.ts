from typing import Tuple
def divmod2(a: int, b: int) -> Tuple[int, int]:
    return a // b, a % b
q, r = divmod2(17, 5)
print(q, r, divmod2(-17, 5))
# expect: 3 2 (-4, 3)
