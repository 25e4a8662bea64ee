print(True + True, True * 3, False - 1, True / 2)
# expect: 2 3 -1 0.5
