from typing import List, Optional
def total(xs: List[Optional[int]]) -> int:
    s = 0
    for x in xs:
        if x is None:
            continue
        s += x
    return s
print(total([1, None, 3]))
# expect: 4
