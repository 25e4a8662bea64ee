from typing import Dict
d: Dict[str, int] = {"a": 1}
for k, v in d.items():
    print(k + "!", v + 1)
