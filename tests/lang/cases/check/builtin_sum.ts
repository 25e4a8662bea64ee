print(sum([1, 2, 3]), sum([0.5, 1.5]), sum(range(5)))
# expect: 6 2.0 10
