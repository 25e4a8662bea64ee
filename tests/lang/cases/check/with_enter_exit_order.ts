class Log:
    def __init__(self, name: str):
        self.name = name
    def __enter__(self) -> "Log":
        print("enter", self.name)
        return self
    def __exit__(self, a: int, b: int, c: int):
        print("exit", self.name)
with Log("a") as g:
    print("body", g.name)
# expect: enter a
# expect: body a
# expect: exit a
