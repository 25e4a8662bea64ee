class Counter:
    def __init__(self):
        self.n = 0
    def add(self, k: int) -> int:
        return self.n + k
c = Counter()
c.add("x")
# expect error: 7:7 argument `k` of `Counter.add` must be int, not str
