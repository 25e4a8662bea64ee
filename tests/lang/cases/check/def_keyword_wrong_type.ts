def f(n: int, s: str = "") -> int:
    return n
f(1, s=2)
# expect error: 3:8 argument `s` of `f` must be str, not int
