from collections import OrderedDict, deque
import collections

x = OrderedDict()
print(isinstance(x, OrderedDict), isinstance([1], collections.deque), isinstance(x, dict))


def f(d: deque) -> None:
    pass
# expect error: 5:21 isinstance() with `OrderedDict` is not supported: it would be true of any dict
# expect error: 5:51 isinstance() with `deque` is not supported: it would be true of any list
