class A:
    def __init__(self):
        self.n = 0
    def f(self) -> int:
        return self.m
a = A()
a.n = "s"
print(zz)
# expect error: 5:21 `A` has no attribute `m`
# expect error: 7:7 cannot assign str to attribute `n` of type int
# expect error: 8:7 undefined name `zz`
