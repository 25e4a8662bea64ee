class F:
    def __init__(self):
        self.k = 2
    def __call__(self, x: int) -> int:
        return x * self.k
f = F()
print(f(3) + 1)
