# ts-only: CPython ints are unbounded; Ts ints raise OverflowError
# A finite float, or a string of digits, outside the 64-bit range does not convert to an int
# (CPython makes a big int).
import torch


def conv(x: float) -> int:
    return int(x)


for v in [1e300, 9.3e18, -9.3e18]:
    try:
        print(conv(v))
    except OverflowError as e:
        print("OverflowError:", e)
try:
    print(round(1e19))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(int(torch.tensor(1e30)))
except OverflowError as e:
    print("OverflowError:", e)
for text in ["99999999999999999999", "-9223372036854775809"]:
    try:
        print(int(text))
    except OverflowError as e:
        print("OverflowError:", e)
print(conv(9.2e18), conv(-9.223372036854775808e18), int("-9223372036854775808"))
# expect: OverflowError: cannot convert float 1e+300 to integer: it does not fit in 64 bits
# expect: OverflowError: cannot convert float 9.3e+18 to integer: it does not fit in 64 bits
# expect: OverflowError: cannot convert float -9.3e+18 to integer: it does not fit in 64 bits
# expect: OverflowError: cannot convert float 1e+19 to integer: it does not fit in 64 bits
# expect: OverflowError: cannot convert float 1.0000000150474662e+30 to integer: it does not fit in 64 bits
# expect: OverflowError: int() of '99999999999999999999' does not fit in 64 bits
# expect: OverflowError: int() of '-9223372036854775809' does not fit in 64 bits
# expect: 9200000000000000000 -9223372036854775808 -9223372036854775808
