def f(x: int) -> int:
    if x > 0:
        return 1
    return 0
print(f(3))
