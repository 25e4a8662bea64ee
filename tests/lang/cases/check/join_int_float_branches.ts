def f(flag: bool) -> float:
    x = 1 if flag else 2.5
    return x * 2
print(f(False))
# expect: 5.0
