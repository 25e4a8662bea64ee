x: float = 1
x = 3
print(x)
