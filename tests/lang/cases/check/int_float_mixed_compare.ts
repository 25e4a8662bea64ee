print(1 == 1.0, 2 < 2.5, 3 >= 3.0, 0.5 + 1)
# expect: True True True 1.5
