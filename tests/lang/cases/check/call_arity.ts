def f(a: int, b: int) -> int:
    return a + b
f(1, 2, 3)
# expect error: 3:9 `f` takes 2 positional arguments but 3 were given
