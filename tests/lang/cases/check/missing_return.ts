def f(x: int) -> int:
    if x > 0:
        return 1
# expect error: 1:5 `f` is declared to return int but can reach the end
