def f(a: int, b: int) -> int:
    return a + b
print(f(a=1, 2))
# expect error: 3:14 positional argument follows keyword argument
# expect error: 3:7 `f` missing required argument `b`
