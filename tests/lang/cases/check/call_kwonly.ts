def f(a: int, *, b: int = 2) -> int:
    return a + b
f(1, 2)
# expect error: 3:6 `f` takes 1 positional argument but 2 were given
