# int() of NaN and infinities, round() and math.floor of infinities raise what CPython raises.
import math
import torch


def conv(x: float) -> int:
    return int(x)


for v in [float("nan"), float("inf"), -float("inf")]:
    try:
        print(conv(v))
    except ValueError as e:
        print("ValueError:", e)
    except OverflowError as e:
        print("OverflowError:", e)
try:
    print(round(float("inf")))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(round(float("nan")))
except ValueError as e:
    print("ValueError:", e)
try:
    print(math.floor(float("inf")))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(int(torch.tensor(float("nan"))))
except ValueError as e:
    print("ValueError:", e)
try:
    print(int(torch.tensor(float("-inf"))))
except OverflowError as e:
    print("OverflowError:", e)
print(conv(-2.7), round(2.5), int(torch.tensor(3.9)), int(-9.2e18))
# expect: ValueError: cannot convert float NaN to integer
# expect: OverflowError: cannot convert float infinity to integer
# expect: OverflowError: cannot convert float infinity to integer
# expect: OverflowError: cannot convert float infinity to integer
# expect: ValueError: cannot convert float NaN to integer
# expect: OverflowError: cannot convert float infinity to integer
# expect: ValueError: cannot convert float NaN to integer
# expect: OverflowError: cannot convert float infinity to integer
# expect: -2 2 3 -9200000000000000000
