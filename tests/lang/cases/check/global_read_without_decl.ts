scale = 3
def f(x: int) -> int:
    return x * scale
print(f(2))
# expect: 6
