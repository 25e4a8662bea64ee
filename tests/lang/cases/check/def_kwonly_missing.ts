def scale(x: float, *, factor: float) -> float:
    return x * factor
print(scale(2.0))
# expect error: 3:7 `scale` missing required argument `factor`
