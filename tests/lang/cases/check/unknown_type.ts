def f(x: Tensr) -> int:
    return 1
# expect error: 1:10 unknown type `Tensr`
