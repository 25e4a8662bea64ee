from typing import List
def mean(xs: List[float]) -> float:
    return sum(xs) / len(xs)
ints = [1, 2]
print(mean(ints))
# expect error: 5:12 argument `xs` of `mean` must be List[float], not List[int]
