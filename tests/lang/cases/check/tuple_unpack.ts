t = (1, "a", 2.0)
a, b, c = t
print(a + 1, b + "!", c * 2.0)
