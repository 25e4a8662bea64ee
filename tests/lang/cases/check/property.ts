class C:
    def __init__(self):
        self._v = 3
    @property
    def v(self) -> int:
        return self._v
c = C()
print(c.v + 1)
