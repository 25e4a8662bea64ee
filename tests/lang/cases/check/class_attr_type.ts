class A:
    def __init__(self):
        self.n = 0
a = A()
a.n = "s"
# expect error: 5:7 cannot assign str to attribute `n` of type int
