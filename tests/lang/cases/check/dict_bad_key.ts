from typing import Dict
d: Dict[str, int] = {"a": 1}
print(d[1])
# expect error: 3:9 key of type int for Dict[str, int]
