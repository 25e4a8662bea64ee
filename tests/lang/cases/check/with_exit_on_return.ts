class Tag:
    def __init__(self):
        self.n = 0
    def __enter__(self) -> int:
        return 7
    def __exit__(self, a: int, b: int, c: int):
        print("exit")
def f() -> int:
    with Tag() as v:
        return v + 1
print(f())
# expect: exit
# expect: 8
