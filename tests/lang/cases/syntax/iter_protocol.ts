# for loops, comprehensions, enumerate, iter() and next() over classes with __iter__/__next__.
from typing import Any, List
import torch

class CountIter:
    def __init__(self, n: int):
        self.i = 0
        self.n = n

    def __next__(self) -> int:
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i * 10

class Counter:
    def __init__(self, n: int):
        self.n = n

    def __iter__(self) -> CountIter:
        return CountIter(self.n)

class Self:
    def __init__(self):
        self.k = 0

    def __iter__(self) -> "Self":
        self.k = 0
        return self

    def __next__(self) -> Any:
        self.k += 1
        if self.k > 3:
            raise StopIteration
        return (torch.ones(2) * self.k, self.k)

c = Counter(4)
for v in c:
    print(v)
for j, v in enumerate(c):
    if j == 2:
        break
    print(j, v)
print([v + 1 for v in Counter(3)])
for x, y in Self():
    print(x, y)
it = iter(c)
print(next(it), next(it))
a, b = next(iter(Self()))
print(a, b)
total = 0
for v in c:
    if v == 20:
        continue
    total += v
else:
    print("done", total)
