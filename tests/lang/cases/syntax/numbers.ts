a = 1_000_000
b = 0x_ff
c = 0o17
d = 0b1010
e = 1.5e-3
f = 1e10
g = .5
h = 5.
i = 1_0.0_1
print(a + b + c + d, e + f + g + h + i)
