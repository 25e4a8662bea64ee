def f() -> int:

    x = 1

    return x
print(f())
