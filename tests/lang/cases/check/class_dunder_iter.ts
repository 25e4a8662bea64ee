from typing import List
class Countdown:
    def __init__(self, n: int):
        self.n = n
    def __iter__(self) -> "CountdownIt":
        return CountdownIt(self.n)
class CountdownIt:
    def __init__(self, n: int):
        self.n = n
    def __next__(self) -> int:
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
out: List[int] = []
for v in Countdown(3):
    out.append(v)
print(out, [v * 2 for v in Countdown(2)])
# expect: [3, 2, 1] [4, 2]
