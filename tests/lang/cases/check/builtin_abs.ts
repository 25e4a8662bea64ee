print(abs(-3), abs(-2.5), abs(4), abs(-0.0))
# expect: 3 2.5 4 0.0
