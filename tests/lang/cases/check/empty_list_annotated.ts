from typing import List
xs: List[int] = []
xs.append(1)
xs.append("a")
# expect error: 4:11 cannot append str to List[int]
