from typing import Dict
d: Dict[str, int] = {"a": 1}
del d["a"]
xs = [1, 2]
del xs[0]
