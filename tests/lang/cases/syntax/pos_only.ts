def f(a: int, /):
    pass
# expect error: 1:15 positional-only parameters
