# A local typed by a call's result widens as Python's would hold more (`List[int]` then a str).
from typing import List
def make() -> List[int]:
    return [1, 2]
xs = make()
xs.append("a")
print(xs)
