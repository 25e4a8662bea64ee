def f(x: int) -> int:
    return x
f("a")
# expect error: 3:3 argument `x` of `f` must be int, not str
