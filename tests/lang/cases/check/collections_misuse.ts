from collections import Counter, OrderedDict, defaultdict, deque, namedtuple

window = deque([1, 2, 3], maxlen=2)
recent = window[1:]
window.append("x")
window.sort()
counts = defaultdict(5)
od = OrderedDict(5)
c = Counter(3.5)
c.most_common("2")
od2 = OrderedDict([("a", 1)])
od2.move_to_end(3)
Point = namedtuple("Point", ["x", "x"])
q = deque(maxlen="3")
names = ["a", "b"]
Pair = namedtuple("Pair", names)
Vec = namedtuple("Vec", "x y")
v = Vec(1, 2, 3)
w = Vec(1, z=2)
# expect error: 4:17 a deque cannot be sliced
# expect error: 5:15 cannot append str to deque[int]
# expect error: 6:8 has no attribute `sort`
# expect error: 7:22 the first argument of `defaultdict()` must be callable or None
# expect error: 8:18 `OrderedDict()` takes a dict or a list of (key, value) pairs, not int
# expect error: 9:13 `Counter()` counts the elements of an iterable or takes a mapping of counts, not float
# expect error: 10:15 `Counter.most_common()` takes an int or None, not str
# expect error: 12:17 key of type int for OrderedDict[str, int]
# expect error: 13:29 Encountered duplicate field name: 'x'
# expect error: 14:18 `maxlen` of deque() must be an int or None, not str
# expect error: 16:27 the field names given to `collections.namedtuple()` must be a string or a list of string literals
# expect error: 18:5 `Vec()` takes 2 arguments, got 3
# expect error: 19:5 `Vec()` missing required argument `y`
# expect error: 19:12 `Vec()` got an unexpected keyword argument `z`
