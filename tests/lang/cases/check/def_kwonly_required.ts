def scale(x: float, *, factor: float) -> float:
    return x * factor
print(scale(2.0, factor=3.0))
# expect: 6.0
