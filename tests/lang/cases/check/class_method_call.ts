class Counter:
    def __init__(self):
        self.n = 0
    def add(self, k: int) -> int:
        self.n += k
        return self.n
c = Counter()
print(c.add(2) + 1)
