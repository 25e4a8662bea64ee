class A:
    def __init__(self):
        self.v = 1
class B(A):
    pass
class C(A):
    pass
def pick(flag: bool) -> int:
    x = B() if flag else C()
    return x.v
print(pick(True))
