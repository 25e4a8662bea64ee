def f(flag: bool) -> int:
    x = 3 if flag else None
    if x is None:
        return -1
    return x
print(f(True), f(False))
# expect: 3 -1
