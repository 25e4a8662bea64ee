from typing import Dict
d: Dict[str, int] = {}
d[1] = 2
# expect error: 3:3 key of type int for Dict[str, int]
