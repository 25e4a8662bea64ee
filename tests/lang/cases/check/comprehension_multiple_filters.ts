print([x for x in range(20) if x % 2 == 0 if x % 3 == 0])
# expect: [0, 6, 12, 18]
