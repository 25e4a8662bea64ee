a = 7
print(a // 2, a % 3, -a // 2, -a % 3, a / 2)
print(a // (a - 7))
