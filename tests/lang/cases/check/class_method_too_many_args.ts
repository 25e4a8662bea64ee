class Counter:
    def __init__(self):
        self.n = 0
    def add(self, k: int) -> int:
        return self.n + k
c = Counter()
c.add(1, 2)
# expect error: 7:10 `Counter.add` takes 1 positional argument but 2 were given
