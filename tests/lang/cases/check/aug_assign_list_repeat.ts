xs = [1, 2]
xs *= 2
print(xs)
# expect: [1, 2, 1, 2]
