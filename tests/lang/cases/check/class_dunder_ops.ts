class V:
    def __init__(self, x: float):
        self.x = x
    def __add__(self, other: "V") -> "V":
        return V(self.x + other.x)
    def __len__(self) -> int:
        return 1
    def __getitem__(self, i: int) -> float:
        return self.x
v = V(1.0) + V(2.0)
print(len(v), v[0])
