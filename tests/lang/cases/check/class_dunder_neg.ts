class V:
    def __init__(self, x: float):
        self.x = x
    def __neg__(self) -> "V":
        return V(-self.x)
w = -V(2.5)
print(w.x)
# expect: -2.5
