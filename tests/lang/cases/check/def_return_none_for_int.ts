def f(x: int) -> int:
    if x > 0:
        return x
    return None
# expect error: 4:12 `f` is declared to return int but this returns None
