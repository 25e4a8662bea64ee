from typing import Dict
xs = [1, 2, 3]
xs[1] += 10
xs[-1] *= 5
d: Dict[str, int] = {"a": 3}
d["a"] -= 1
print(xs, d)
# expect: [1, 12, 15] {'a': 2}
