from typing import Dict

d: Dict[str, int] = {"a": 1}
print(d["a"], d.get("b"), d.get("b", 5))
print(d["b"])
