# A class's __eq__/__lt__ whose parameter is typed (pathlib.Path's, timedelta's) is not called
# with another type in containers' comparisons (CPython's would return NotImplemented): an
# int in a List[Any] is not equal to a Path, and asks nothing of Path.__eq__.
from typing import Any, List
from pathlib import Path
import datetime
xs: List[Any] = [1, "a", Path("p")]
print(Path("p") in xs, 3 in xs, Path("q") in xs)
ys: List[Any] = [Path("p"), 2]
print(2 in ys, "x" in ys)
d = datetime.timedelta(seconds=3)
zs: List[Any] = [d, 5]
print(5 in zs, datetime.timedelta(seconds=3) in zs)
try:
    print(sorted(xs))
except TypeError as e:
    print("TypeError:", e)
