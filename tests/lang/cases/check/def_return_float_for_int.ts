def f() -> int:
    return 1.5
# expect error: 2:12 `f` is declared to return int but this returns float
