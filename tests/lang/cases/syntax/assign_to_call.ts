def f() -> int:
    return 1
f() = 3
# expect error: 3:1 cannot assign to a function call
