def f(n: int) -> int:
    return n
f(1.5)
# expect error: 3:3 argument `n` of `f` must be int, not float
