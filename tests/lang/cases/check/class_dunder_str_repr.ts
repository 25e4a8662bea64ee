class P:
    def __init__(self, x: int):
        self.x = x
    def __str__(self) -> str:
        return "P" + str(self.x)
    def __repr__(self) -> str:
        return "P(x=" + str(self.x) + ")"
p = P(3)
print(p)
print(str(p), repr(p))
print(f"{p} {p!r}")
# expect: P3
# expect: P3 P(x=3)
# expect: P3 P(x=3)
