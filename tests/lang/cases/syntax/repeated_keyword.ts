def f(a: int) -> int:
    return a
print(f(a=1, a=2))
# expect error: 3:14 keyword argument repeated
