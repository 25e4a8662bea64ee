a, (b, c) = 1, (2.5, "x")
print(a + 1, b * 2, c + "y")
# expect: 2 5.0 xy
