from typing import List
xs = [1, 2.5]
ys: List[float] = xs
print(ys)
