class A:
    def __init__(self):
        self.v = 1
    def name(self) -> str:
        return "A"
class B(A):
    def name(self) -> str:
        return "B"
class C(A):
    def name(self) -> str:
        return "C"
def pick(flag: bool) -> str:
    if flag:
        x = B()
    else:
        x = C()
    return x.name() + str(x.v)
print(pick(True), pick(False))
# expect: B1 C1
