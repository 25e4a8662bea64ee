from typing import List
def mean(xs: List[float]) -> float:
    return sum(xs) / len(xs)
print(mean([1.0, 2]))
# expect: 1.5
