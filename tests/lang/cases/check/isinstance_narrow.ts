class A:
    def __init__(self):
        self.v = 1
class B(A):
    def __init__(self):
        super().__init__()
        self.w = 2
def f(a: A) -> int:
    if isinstance(a, B):
        return a.w
    return a.v
print(f(B()))
