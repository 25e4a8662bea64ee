class Base:
    def __init__(self, n: int):
        self.n = n
    def show(self) -> str:
        return "base " + str(self.n)
class Child(Base):
    def __init__(self, n: int):
        super().__init__(n * 2)
    def show(self) -> str:
        return super().show() + " child"
print(Child(3).show())
# expect: base 6 child
