a = b = 3
print(a + b)
