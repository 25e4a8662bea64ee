print(1 | 2 == 3, 6 & 3 > 1, 1 ^ 1 == 0, 5 & 1 == 1)
# expect: True True True True
