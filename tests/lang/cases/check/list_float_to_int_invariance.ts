from typing import List
xs = [1.5]
ys: List[int] = xs
# expect error: 3:17 cannot assign List[float] to `ys` declared as List[int]
