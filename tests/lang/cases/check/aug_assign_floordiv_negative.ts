x = -7
x //= 2
print(x)
y = 7
y //= -2
print(y)
# expect: -4
# expect: -4
