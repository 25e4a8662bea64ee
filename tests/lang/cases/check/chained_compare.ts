x = 5
print(0 < x < 10, 1 <= x <= 2)
