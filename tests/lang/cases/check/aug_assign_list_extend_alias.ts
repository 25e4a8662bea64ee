xs = [1]
ys = xs
xs += [2, 3]
print(ys, len(xs))
# expect: [1, 2, 3] 3
