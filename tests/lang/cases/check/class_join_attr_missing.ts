class A:
    def __init__(self):
        self.v = 1
class B(A):
    def __init__(self):
        super().__init__()
        self.w = 2
class C(A):
    pass
def pick(flag: bool) -> int:
    x = B() if flag else C()
    return x.w
# expect error: 12:14 `A` has no attribute `w`
