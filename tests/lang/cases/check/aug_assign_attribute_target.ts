class Acc:
    def __init__(self):
        self.total = 0
        self.scale = 1.0
a = Acc()
a.total += 5
a.total //= 2
a.scale *= 2.5
print(a.total, a.scale)
# expect: 2 2.5
