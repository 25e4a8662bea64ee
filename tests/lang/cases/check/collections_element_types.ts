# The checker gives collections' containers their element types: an empty Counter, deque or
# OrderedDict takes them from its first use, a defaultdict from its factory or annotation, and
# itertools/functools results from their arguments (the str methods below check only so).
from collections import Counter, OrderedDict, defaultdict, deque
from functools import reduce
from itertools import accumulate, chain, product
from typing import Dict, List

words = Counter()
for w in "b a b c b".split():
    words[w] += 1
top = words.most_common(1)[0][0]
print(top.upper(), words[top] + 1)
recent = deque(maxlen=2)
recent.append("x")
recent.append("y")
recent.append("z")
print(recent.popleft().upper(), recent[0].upper())
od = OrderedDict()
od["k"] = 1.5
print(od.popitem()[1] * 2)
groups: Dict[str, List[int]] = defaultdict(list)
groups["a"].append(3)
print(groups["a"][0] + 1, defaultdict(int)["z"] + 1)
print(reduce(lambda a, b: a + b, ["x", "y"]).upper(), [t[0].upper() + t[1] for t in product(["a"], ["b", "c"])])
print(list(chain(["p"], ["q"]))[1].upper(), list(accumulate([1.5, 2.5]))[-1] / 2)
# expect: B 4
# expect: Y Z
# expect: 3.0
# expect: 4 1
# expect: XY ['Ab', 'Ac']
# expect: Q 2.0
