# Callable-typed globals, slices of values typed Any, iter()/next() over sequences, and list()/sorted()/sum() over
# objects with __iter__.
from typing import Callable, Any, List
import torch
def f(x: Any) -> Any:
    return x * 2
g: Callable[[Any], Any] = f
print(g(4))
t = torch.arange(5)
print(t.tolist()[:3])
it = iter([1, 2])
print(next(it), next(it))
class C:
    def __init__(self):
        self.i = 0
    def __iter__(self) -> "C":
        return self
    def __next__(self) -> int:
        self.i += 1
        if self.i > 3:
            raise StopIteration
        return self.i
print(list(C()), sorted(C()), sum(C()))
