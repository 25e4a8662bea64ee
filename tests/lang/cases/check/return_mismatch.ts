def f() -> int:
    return "a"
# expect error: 2:12 `f` is declared to return int but this returns str
