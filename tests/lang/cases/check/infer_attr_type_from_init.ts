class C:
    def __init__(self):
        self.xs = [1.5]
        self.name = "c"
c = C()
c.xs.append(2)
print(c.xs, c.name + "!")
c.name = 3
# expect error: 8:10 cannot assign int to attribute `name` of type str
