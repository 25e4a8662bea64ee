def f(a: int, b: int = 2, c: float = 1.0) -> float:
    return a + b * c
print(f(1), f(1, 3), f(1, c=2.0))
