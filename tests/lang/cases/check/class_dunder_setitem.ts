from typing import List
class Store:
    def __init__(self):
        self.data: List[int] = [0, 0, 0]
    def __setitem__(self, i: int, v: int) -> None:
        self.data[i] = v * 10
s = Store()
s[1] = 4
s[2] = 7
print(s.data)
# expect: [0, 40, 70]
