class A:
    def __init__(self):
        self.v = 1
class B(A):
    pass
b = B()
a = A()
print(isinstance(b, A), isinstance(a, B), isinstance(b, B))
# expect: True False True
