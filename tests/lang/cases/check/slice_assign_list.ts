xs = [0, 1, 2, 3]
xs[1:3] = [9, 8, 7]
print(xs)
# expect: [0, 9, 8, 7, 3]
