print(min(3, 1, 2), max([1, 5, 2]), min(1.5, 2.5), max("ab", "b"), min([4.0, -1.0]))
# expect: 1 5 1.5 b -1.0
