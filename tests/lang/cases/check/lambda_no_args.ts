g = lambda: 42
print(g() + 1)
# expect: 43
