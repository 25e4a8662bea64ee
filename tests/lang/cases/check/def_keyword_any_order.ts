def f(a: int, b: str, c: float = 0.5) -> str:
    return b * a + str(c)
print(f(b="x", a=2), f(2, c=1.5, b="y"))
# expect: xx0.5 yy1.5
