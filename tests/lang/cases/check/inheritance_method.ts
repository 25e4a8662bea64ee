class Base:
    def __init__(self):
        self.a = 1
    def get(self) -> int:
        return self.a
class D(Base):
    def __init__(self):
        super().__init__()
        self.b = 2
d = D()
print(d.get() + d.b)
