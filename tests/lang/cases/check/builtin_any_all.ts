from typing import List
e: List[bool] = []
print(any(e), all(e), any([False, True]), all([True, False]), any([0, 0]), all([1, 2]))
# expect: False True True False False True
