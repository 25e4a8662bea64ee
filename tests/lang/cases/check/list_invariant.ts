from typing import List
xs = [1, 2]
ys: List[float] = xs
# expect error: 3:19 cannot assign List[int] to `ys` declared as List[float]
