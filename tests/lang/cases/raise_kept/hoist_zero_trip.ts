# A loop-invariant op that would raise, inside a loop that runs zero times, never runs: hoisting
# it out of the loop must not make it raise. (g's `a * a` would overflow: OverflowError in Ts.)
import torch


class Probe:
    def f(self, t: torch.Tensor, n: int, b: int) -> int:
        s = 0
        for i in range(n):
            e = t[10]
            q = 100 // b
            u = t[:11] + torch.ones(11)
            s += q + int(e.item()) + int(u.sum().item())
        return s

    def g(self, n: int, a: int) -> int:
        s = 0
        for i in range(n):
            s += a * a
        return s


p = Probe()
print(p.f(torch.zeros(5), 0, 0))
print(p.g(0, 9223372036854775807))
print(p.f(torch.zeros(11), 2, 5), p.g(3, 4))
try:
    print(p.f(torch.zeros(5), 1, 5))
except IndexError as e:
    print("IndexError:", e)
# expect: 0
# expect: 0
# expect: 62 48
# expect: IndexError: index 10 is out of bounds for dimension 0 with size 5
