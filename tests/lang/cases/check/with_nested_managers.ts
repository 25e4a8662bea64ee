class Tag:
    def __init__(self, s: str):
        self.s = s
    def __enter__(self) -> str:
        print("<" + self.s + ">")
        return self.s
    def __exit__(self, a: int, b: int, c: int):
        print("</" + self.s + ">")
with Tag("a") as x:
    with Tag("b") as y:
        print(x + y)
# expect: <a>
# expect: <b>
# expect: ab
# expect: </b>
# expect: </a>
