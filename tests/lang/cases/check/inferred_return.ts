def f(x: int):
    return x * 2
y: int = f(3)
print(y)
