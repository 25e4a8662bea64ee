def f() -> None:
    x = [1]
    x = ["a"]
# expect error: 3:10 list element of type str where int is expected
