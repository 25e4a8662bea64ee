# collections' classes in annotations (typing's Deque, DefaultDict, Counter, OrderedDict and
# collections.X[...]) keep their class, so their own methods check.
import collections
import typing
from collections import Counter, OrderedDict, defaultdict, deque
from typing import DefaultDict, Deque, List


def last(d: Deque[int]) -> int:
    d.rotate(1)
    return d[0]


def top(c: typing.Counter[str]) -> str:
    return c.most_common(1)[0][0]


def first_key(od: collections.OrderedDict[str, float]) -> str:
    od.move_to_end(list(od.keys())[0])
    return list(od.keys())[-1]


q: Deque[int] = deque([1, 2])
q.appendleft(0)
g: DefaultDict[str, List[int]] = defaultdict(list)
g["a"].append(1)
print(last(q), q, top(Counter("abb")), first_key(OrderedDict([("z", 1.0), ("y", 2.0)])), g)
# expect: 2 deque([2, 0, 1]) b z defaultdict(<class 'list'>, {'a': [1]})
