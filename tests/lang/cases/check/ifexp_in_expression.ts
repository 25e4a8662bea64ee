xs = [1, 2, 3, 4]
print([x if x % 2 == 0 else -x for x in xs], (1 if len(xs) > 3 else 0) + 10)
# expect: [-1, 2, -3, 4] 11
