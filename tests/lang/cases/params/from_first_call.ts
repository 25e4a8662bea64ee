# Unannotated parameters without defaults take their types from the calls, as Python lets them.
from typing import List


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def shifted(self, dx, dy):
        return Point(self.x + dx, self.y + dy)

    def norm2(self):
        return self.x * self.x + self.y * self.y


class Point3(Point):
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


def describe(name, values, scale):
    parts = []
    for v in values:
        parts.append(f"{v * scale:.2f}")
    return name + ": " + ", ".join(parts)


def count_words(text, sep):
    return len(text.split(sep))


def first(pair):
    a, b = pair
    return a


def apply_twice(fn, v):
    return fn(fn(v))


def total_norm(points):
    s = 0
    for p in points:
        s += p.norm2()
    return s


def label(p) -> str:
    return type(p).__name__


def ratio(a, b) -> float:
    return a / b


p = Point(3, 4).shifted(1, 1)
print(p.x, p.y, p.norm2())
print(describe("w", [1.0, 2.5, -3.25], 2))
print(count_words("a b c d", " "), count_words(sep=",", text="x,y"))
print(first((7, "seven")), first((8, "eight")))
print(apply_twice(lambda t: t * 3, 2))
print(total_norm([Point(1, 2), Point(2, 2)]))
# A second call widens a parameter: int then float (the return type is declared), a class then
# another with the same base.
print(ratio(1, 4), ratio(2.5, 0.5))
print(label(Point(0, 0)), label(Point3(1, 2, 3)))
q = Point3(1, 2, 3)
print(q.x + q.y + q.z)
