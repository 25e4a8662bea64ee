# An unused `t[10]` on a 5-element tensor still raises IndexError (with Python indexing's
# message) at every level: no pass may delete an op that may raise. The ops sit in methods,
# which are not inlined into the caller's `try` (where DCE keeps raising nodes anyway).
import torch


class Probe:
    def g(self, t: torch.Tensor) -> int:
        e = t[10]
        return 1

    def h(self, t: torch.Tensor) -> int:
        e = t[:, -7]
        return 2

    def k(self, t: torch.Tensor) -> int:
        e = t.select(0, 10)
        return 3


p = Probe()
try:
    print(p.g(torch.zeros(5)))
except IndexError as e:
    print("IndexError:", e)
try:
    print(p.h(torch.zeros(2, 5)))
except IndexError as e:
    print("IndexError:", e)
try:
    print(p.k(torch.zeros(5)))
except IndexError as e:
    print("IndexError:", e)
print(p.g(torch.zeros(11)), p.h(torch.zeros(2, 7)), p.k(torch.zeros(11)))
# expect: IndexError: index 10 is out of bounds for dimension 0 with size 5
# expect: IndexError: index -7 is out of bounds for dimension 1 with size 5
# expect: IndexError: select(): index 10 out of range for tensor of size [5] at dimension 0
# expect: 1 2 3
