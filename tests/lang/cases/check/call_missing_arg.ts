def f(a: int, b: int) -> int:
    return a + b
f(1)
# expect error: 3:1 `f` missing required argument `b`
