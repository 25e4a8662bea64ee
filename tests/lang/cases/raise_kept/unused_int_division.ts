# An unused int division by zero still raises ZeroDivisionError at every level, also inside a
# counted loop (methods: not inlined into the caller's `try`).
class Probe:
    def f(self, a: int, b: int) -> int:
        q = a // b
        r = a % b
        return 1

    def g(self, n: int, b: int) -> int:
        s = 0
        for i in range(n):
            d = i // b
            s += 1
        return s


p = Probe()
try:
    print(p.f(7, 0))
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(p.g(3, 0))
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
print(p.f(7, 2), p.g(3, 2))
# expect: ZeroDivisionError: integer division or modulo by zero
# expect: ZeroDivisionError: integer division or modulo by zero
# expect: 1 3
