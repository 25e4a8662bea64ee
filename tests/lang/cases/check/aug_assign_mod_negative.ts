x = -7
x %= 3
y = 7
y %= -3
print(x, y)
# expect: 2 -2
