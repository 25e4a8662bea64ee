class Base:
    def __init__(self):
        self.k = 5
    def twice(self) -> int:
        return self.k * 2
class D(Base):
    pass
d = D()
print(d.k, d.twice())
# expect: 5 10
