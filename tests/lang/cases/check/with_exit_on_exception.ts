class Guard:
    def __init__(self):
        self.closed = False
    def __enter__(self) -> "Guard":
        return self
    def __exit__(self, a: int, b: int, c: int):
        self.closed = True
        print("exit ran")
g = Guard()
try:
    with g:
        raise ValueError("inside")
except ValueError as e:
    print("caught", e, g.closed)
# expect: exit ran
# expect: caught inside True
