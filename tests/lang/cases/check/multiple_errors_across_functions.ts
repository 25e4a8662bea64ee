def f() -> int:
    return "a"
def g(x: int) -> int:
    return x + "b"
h = f(1, 2)
# expect error: 2:12 `f` is declared to return int but this returns str
# expect error: 4:12 unsupported operand types for +: int and str
# expect error: 5:7 `f` takes 0 positional arguments but 2 were given
