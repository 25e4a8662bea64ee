class M:
    @staticmethod
    def sq(x: int) -> int:
        return x * x
    def __init__(self, v: int):
        self.v = M.sq(v)
m = M(3)
print(m.v, m.sq(4), M.sq(5))
# expect: 9 16 25
