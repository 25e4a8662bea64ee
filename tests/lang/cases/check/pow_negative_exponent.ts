print(2 ** -1, 10 ** -2)
# expect: 0.5 0.01
