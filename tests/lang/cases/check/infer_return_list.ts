from typing import List
def make():
    return [1, 2]
ys: List[str] = make()
# expect error: 4:17 cannot assign List[int] to `ys` declared as List[str]
