g = lambda x: x * 2
print(g)
