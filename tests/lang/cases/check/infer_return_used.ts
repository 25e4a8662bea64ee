def half(x: int):
    return x / 2
def name():
    return "n"
print(half(5) + 1, name() + "!")
# expect: 3.5 n!
