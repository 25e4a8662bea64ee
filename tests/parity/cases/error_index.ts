from typing import List

xs: List[int] = [1, 2, 3]
print(xs[-1])
print(xs[3])
