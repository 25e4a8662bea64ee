print(sum([1, 2], 10), sum([0.5], 1.0))
# expect: 13 1.5
