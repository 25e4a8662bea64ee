count = 0
def f() -> None:
    global count
    count = "x"
# expect error: 4:13 cannot assign str to `count` of type int
