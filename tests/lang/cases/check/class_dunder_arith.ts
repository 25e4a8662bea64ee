class V:
    def __init__(self, x: float, y: float):
        self.x = x
        self.y = y
    def __sub__(self, o: "V") -> "V":
        return V(self.x - o.x, self.y - o.y)
    def __mul__(self, k: float) -> "V":
        return V(self.x * k, self.y * k)
    def __truediv__(self, k: float) -> "V":
        return V(self.x / k, self.y / k)
v = (V(3.0, 4.0) - V(1.0, 1.0)) * 2.0
w = v / 4.0
print(v.x, v.y, w.x, w.y)
# expect: 4.0 6.0 1.0 1.5
