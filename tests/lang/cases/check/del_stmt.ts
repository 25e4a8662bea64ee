from typing import Dict
d: Dict[str, int] = {"a": 1, "b": 2}
del d["a"]
xs = [1, 2, 3]
del xs[0]
print(d, xs)
# expect: {'b': 2} [2, 3]
