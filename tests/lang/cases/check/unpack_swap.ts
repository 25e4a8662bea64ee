a = 1
b = 2
a, b = b, a
print(a, b)
# expect: 2 1
