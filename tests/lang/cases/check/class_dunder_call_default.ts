class Affine:
    def __init__(self, a: float):
        self.a = a
    def __call__(self, x: float, b: float = 1.0) -> float:
        return self.a * x + b
f = Affine(2.0)
print(f(3.0), f(3.0, b=0.0), f(1.0, 4.0))
# expect: 7.0 6.0 6.0
