from typing import List


class Counter:
    def __init__(self, start: int):
        self.count = start
        self.history: List[int] = []

    def bump(self, by: int = 1) -> int:
        self.history.append(self.count)
        self.count += by
        return self.count

    def __len__(self) -> int:
        return len(self.history)

    def __str__(self) -> str:
        return f"Counter({self.count})"


class Shape:
    def __init__(self, name: str):
        self.name = name

    def area(self) -> float:
        return 0.0

    def describe(self) -> str:
        return self.name + " with area " + str(self.area())


class Square(Shape):
    def __init__(self, side: float):
        super().__init__("square")
        self.side = side

    def area(self) -> float:
        return self.side * self.side

    @property
    def perimeter(self) -> float:
        return 4 * self.side


class Vec:
    def __init__(self, x: float, y: float):
        self.x = x
        self.y = y

    def __add__(self, other: "Vec") -> "Vec":
        return Vec(self.x + other.x, self.y + other.y)

    def __eq__(self, other: "Vec") -> bool:
        return self.x == other.x and self.y == other.y

    def __getitem__(self, i: int) -> float:
        return self.x if i == 0 else self.y

    @staticmethod
    def zero() -> "Vec":
        return Vec(0.0, 0.0)


c = Counter(5)
print(c.bump(), c.bump(3), len(c), c.history)
print(c)
print(str(c), f"{c}")
shapes: List[Shape] = [Shape("blob"), Square(3.0)]
for s in shapes:
    print(s.describe())
sq = Square(2.5)
print(sq.perimeter, sq.area(), sq.name)
v = Vec(1.0, 2.0) + Vec(0.5, 0.5)
print(v.x, v.y, v[0], v[1], v == Vec(1.5, 2.5), Vec.zero().x)
objs: List[Shape] = [Shape("s"), Square(1.0)]
for o in objs:
    print(isinstance(o, Square), isinstance(o, Shape))
print(isinstance(3, int), isinstance(3, float), isinstance(2.5, float), isinstance(True, int), isinstance("s", str))
