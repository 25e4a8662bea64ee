from typing import Dict
d: Dict[str, int] = {"a": 1}
d["b"] = "x"
# expect error: 3:10 cannot store str in Dict[str, int]
