# @dataclass(order=True): fields compared as tuples, same class only; sorted() uses __lt__.
from dataclasses import dataclass, field
from typing import List


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    label: str = field(default="", compare=False)


@dataclass(eq=False)
class Handle:
    n: int


versions = [Version(2, 1), Version(1, 9, "old"), Version(2, 0), Version(1, 10)]
print(sorted(versions))
print(Version(1, 2) < Version(1, 3), Version(2) <= Version(2, 0, "x"), Version(3) > Version(2, 9), Version(1) >= Version(1, 1))
print(max(versions), min(versions))
try:
    print(Version(1) < 3)
except TypeError as e:
    print("TypeError:", e)
h = Handle(1)
print(h == Handle(1), h == h)
# Containers compare their elements with __eq__ (index, count, remove, in, ==), as Python does.
print(versions.index(Version(2, 0)), versions.count(Version(1, 10, "z")), Version(1, 9) in versions, Version(7) not in versions)
versions.remove(Version(2, 1, "other label"))
print(versions, [Version(1)] == [Version(1, 0)], (Version(1), 2) == (Version(1, 0), 2), {"a": Version(3)} == {"a": Version(3, 0)})
print(sorted([(Version(2), "b"), (Version(1, 5), "a"), (Version(2), "a")]))
