class Counter:
    def __init__(self):
        self.n = 0
    def increment(self) -> int:
        self.n += 1
        return self.n
c = Counter()
c.incremnt()
# expect error: 8:3 `Counter` has no attribute `incremnt`
# expect hint: did you mean `increment`?
