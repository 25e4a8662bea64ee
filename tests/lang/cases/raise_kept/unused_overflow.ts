# ts-only: CPython ints are unbounded; Ts ints raise OverflowError
# An unused int product that overflows raises at -O2 as at -O0 (DCE deletes int arithmetic only
# where bounds rule out overflow).
class Probe:
    def f(self, a: int, b: int) -> int:
        c = a * b
        return 1


try:
    print(Probe().f(9223372036854775807, 2))
except OverflowError as e:
    print("OverflowError:", e)
print(Probe().f(3, 2))
# expect: OverflowError: integer overflow: 9223372036854775807 * 2 does not fit in 64 bits
# expect: 1
