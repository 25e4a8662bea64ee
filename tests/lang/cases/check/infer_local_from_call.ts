from typing import List
def make() -> List[int]:
    return [1, 2]
xs = make()
xs.append("a")
# expect error: 5:11 cannot append str to List[int]
