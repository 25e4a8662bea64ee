class A:
    def __init__(self):
        self.v = 1
a = A()
a.w = 2
# expect error: 5:3 `A` has no attribute `w`
