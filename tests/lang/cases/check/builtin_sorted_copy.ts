xs = [3, 1, 2]
ys = sorted(xs)
print(xs, ys)
# expect: [3, 1, 2] [1, 2, 3]
