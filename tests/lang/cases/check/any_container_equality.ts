# == and != on dicts, lists, tuples and objects held as Any compare as Python does (dicts by
# contents; objects by identity).
from typing import Any


class P:
    def __init__(self, x: int):
        self.x = x


a: Any = {"k": 1, "j": [1, 2]}
b: Any = {"j": [1, 2], "k": 1}
c: Any = {"k": 2, "j": [1, 2]}
print(a == b, a != b, a == c, a != c)
p = P(1)
q: Any = p
r: Any = P(1)
print(q == p, q == r, q != r)
l1: Any = [{"x": 1.0}, {"y": 2.0}]
l2: Any = [{"x": 1.0}, {"y": 2.0}]
print(l1 == l2, l1 != [{"x": 1.0}])
# expect: True False False True
# expect: True False True
# expect: True True
