print((1, 2) < (1, 3), (2, 0) > (1, 9), (1, 2) == (1, 2))
# expect: True True True
