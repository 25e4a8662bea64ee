def f(a: int, *, scale: float = 1.0) -> float:
    return a * scale
print(f(2, scale=0.5))
