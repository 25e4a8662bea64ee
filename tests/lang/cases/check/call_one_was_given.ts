def f() -> int:
    return 1
h = f(1)
# expect error: 3:7 `f` takes 0 positional arguments but 1 was given
