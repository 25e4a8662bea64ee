def f(x: int):
    if x > 0:
        return 1
    return "neg"
# expect error: 3:9 `f` returns both int and str
