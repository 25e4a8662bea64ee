xs = [1, 2, 3, 4]
del xs[1]
del xs[-1]
print(xs)
# expect: [1, 3]
