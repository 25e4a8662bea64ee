def f() -> None:
    return 1
# expect error: 2:12 `f` is declared to return None but this returns int
