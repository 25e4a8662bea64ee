y = -7.5
y //= 2.0
z = -7.5
z %= 2.0
print(y, z)
# expect: -4.0 0.5
