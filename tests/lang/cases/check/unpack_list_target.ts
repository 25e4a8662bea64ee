[a, b] = [3, 4]
print(a * b)
# expect: 12
