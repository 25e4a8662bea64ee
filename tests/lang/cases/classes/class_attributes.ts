# Class attributes: values in the class body are read through the class, start every instance,
# are overridden by subclasses and shadowed by instance assignments (Note [Class attributes]).
# expect: 0 2 0 2
# expect: 11 3 5 5
# expect: 113 100 10 10 3
# expect: ['x'] ['x'] ['x']
# expect: 7 7 10
# expect: 50 3
from typing import List

class ReduceOp:
    SUM = 0
    MAX = 2

class A:
    n: int = 3
    k = 5
    tags: List[str] = []
    def get(self) -> int:
        return self.n + self.k + A.n

class B(A):
    k = 10
    def __init__(self) -> None:
        self.n = 100

def f(op: int = ReduceOp.SUM) -> int:
    return op

print(ReduceOp.SUM, ReduceOp.MAX, f(), f(ReduceOp.MAX))
a = A()
print(a.get(), a.n, a.k, A.k)
b = B()
print(b.get(), b.n, b.k, B.k, B.n)
a.tags.append("x")
print(A().tags, b.tags, A.tags)
A.k = 7
print(A.k, A().k, B().k)
a.n = 50
print(a.n, A.n)
