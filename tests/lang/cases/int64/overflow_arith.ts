# ts-only: CPython ints are unbounded; Ts ints raise OverflowError
# Int operators whose result does not fit 64 bits raise OverflowError at -O0 and -O2 (also where
# the operands are constants: folding leaves the expression to raise at run time).
import math
import sys


def add(a: int, b: int) -> int:
    return a + b


def sub(a: int, b: int) -> int:
    return a - b


def mul(a: int, b: int) -> int:
    return a * b


def fdiv(a: int, b: int) -> int:
    return a // b


def power(a: int, b: int) -> int:
    return a ** b


def shl(a: int, b: int) -> int:
    return a << b


def neg(a: int) -> int:
    return -a


def absolute(a: int) -> int:
    return abs(a)


def square_loop(x: int, n: int) -> int:
    for i in range(n):
        x = x * x
    return x


m = sys.maxsize
try:
    print(add(m, 1))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(sub(-m, 2))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(mul(m, 2))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(fdiv(-m - 1, -1))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(power(3, 40))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(shl(1, 63))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(neg(-m - 1))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(absolute(-m - 1))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(square_loop(3, 10))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(9223372036854775807 + 1)
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(math.prod([3, m]))
except OverflowError as e:
    print("OverflowError:", e)
k = 0
try:
    k = m
    k += 1
except OverflowError as e:
    print("OverflowError:", e)
print(add(m - 1, 1), mul(-4611686018427387904, 2), fdiv(-m, -1), power(2, 62), shl(1, 62), square_loop(3, 5))
# expect: OverflowError: integer overflow: 9223372036854775807 + 1 does not fit in 64 bits
# expect: OverflowError: integer overflow: -9223372036854775807 - 2 does not fit in 64 bits
# expect: OverflowError: integer overflow: 9223372036854775807 * 2 does not fit in 64 bits
# expect: OverflowError: integer overflow: -9223372036854775808 // -1 does not fit in 64 bits
# expect: OverflowError: integer overflow: 3 ** 40 does not fit in 64 bits
# expect: OverflowError: integer overflow: 1 << 63 does not fit in 64 bits
# expect: OverflowError: integer overflow: -(-9223372036854775808) does not fit in 64 bits
# expect: OverflowError: integer overflow: abs(-9223372036854775808) does not fit in 64 bits
# expect: OverflowError: integer overflow: 1853020188851841 * 1853020188851841 does not fit in 64 bits
# expect: OverflowError: integer overflow: 9223372036854775807 + 1 does not fit in 64 bits
# expect: OverflowError: integer overflow: 3 * 9223372036854775807 does not fit in 64 bits
# expect: OverflowError: integer overflow: 9223372036854775807 + 1 does not fit in 64 bits
# expect: 9223372036854775807 -9223372036854775808 9223372036854775807 4611686018427387904 4611686018427387904 1853020188851841
