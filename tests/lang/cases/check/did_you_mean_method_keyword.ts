class Opt:
    def __init__(self):
        self.lr = 0.1
    def step(self, factor: float = 1.0) -> float:
        return self.lr * factor
o = Opt()
o.step(facter=2.0)
# expect error: 7:8 `Opt.step` got an unexpected keyword argument `facter`
# expect hint: did you mean `factor`?
