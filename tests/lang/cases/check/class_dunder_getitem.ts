class Squares:
    def __init__(self, n: int):
        self.n = n
    def __getitem__(self, i: int) -> int:
        return i * i
s = Squares(4)
print(s[3], s[0] + s[2])
# expect: 9 4
