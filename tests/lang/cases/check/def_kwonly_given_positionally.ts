def scale(x: float, *, factor: float = 1.0) -> float:
    return x * factor
print(scale(2.0, 3.0))
# expect error: 3:18 `scale` takes 1 positional argument but 2 were given
