x: int = 3
y: float = 2.5
s: str = "a"
b: bool = True
print(x, y, s, b)
# expect: 3 2.5 a True
