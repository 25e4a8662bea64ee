class Rect:
    def __init__(self, w: float, h: float):
        self.w = w
        self.h = h
    @property
    def area(self) -> float:
        return self.w * self.h
r = Rect(2.0, 3.0)
print(r.area)
r.w = 5.0
print(r.area)
# expect: 6.0
# expect: 15.0
