class Evens:
    def __init__(self):
        self.n = 0
    def __contains__(self, x: int) -> bool:
        return x % 2 == 0
e = Evens()
print(4 in e, 3 in e, 3 not in e)
# expect: True False True
