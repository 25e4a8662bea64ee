# printf-style formatting with `%`: every conversion, flags, width and precision (also from
# `*`), a tuple or a single value or a dict for %(name)s, and CPython's errors.
import torch
from typing import Any, Dict

print("%d|%5d|%-5d|%05d|%+d|% d|%i|%u" % (42, 42, 42, -42, 42, 42, 7, 8))
print("%x|%X|%#x|%o|%#o|%08.3f|%-8.2f|%+.1e|%E" % (255, 255, 255, 8, 8, 3.14159, 2.5, 12345.678, 0.5))
print("%g|%G|%.3g|%10.4g|%f|%F" % (0.0001, 1e20, 3.14159, 123456.0, 1.5, 2.0))
print("%s|%10s|%-10s|%.2s|%r|%c|%c|%%" % ("ab", "right", "left", "trunc", "q", 65, "z"))
print("%s and %s" % ([1, 2], (3, 4)), "%s" % None, "%s" % True, "%d" % True)
print("%.3f loss" % 0.123456, "%d items" % 3, "%5.1f%%" % 99.5)
print("%*d|%-*d|%.*f" % (6, 7, 4, 8, 2, 3.14159))
d: Dict[str, Any] = {"name": "acc", "v": 0.91234}
print("%(name)s=%(v).2f" % d)
print("%d %.4f" % (3.99, torch.tensor(0.5)))
for bad in ["%d %d", "%d", "%q"]:
    try:
        if bad == "%d %d":
            print(bad % 1)
        elif bad == "%d":
            print(bad % (1, 2))
        else:
            print(bad % 1)
    except TypeError as e:
        print("TypeError", e)
    except ValueError as e:
        print("ValueError", e)
try:
    print("%d" % "x")
except TypeError as e:
    print("TypeError", e)
