x = 12
x &= 10
a = x
x |= 3
b = x
x ^= 5
c = x
x <<= 2
d = x
x >>= 3
print(a, b, c, d, x)
# expect: 8 11 14 56 7
