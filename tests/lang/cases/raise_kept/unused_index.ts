# An unused `t[10]` on a 5-element tensor still raises IndexError (with Python indexing's
# message) at every level: no pass may delete an op that may raise.
import torch


def g(t: torch.Tensor) -> int:
    e = t[10]
    return 1


def h(t: torch.Tensor) -> int:
    e = t[:, -7]
    return 2


def k(t: torch.Tensor) -> int:
    e = t.select(0, 10)
    return 3


try:
    print(g(torch.zeros(5)))
except IndexError as e:
    print("IndexError:", e)
try:
    print(h(torch.zeros(2, 5)))
except IndexError as e:
    print("IndexError:", e)
try:
    print(k(torch.zeros(5)))
except IndexError as e:
    print("IndexError:", e)
print(g(torch.zeros(11)), h(torch.zeros(2, 7)), k(torch.zeros(11)))
# expect: IndexError: index 10 is out of bounds for dimension 0 with size 5
# expect: IndexError: index -7 is out of bounds for dimension 1 with size 5
# expect: IndexError: select(): index 10 out of range for tensor of size [5] at dimension 0
# expect: 1 2 3
