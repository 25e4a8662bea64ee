xs = [1, 2]
ys = ["a", "b"]
for i, (x, y) in enumerate(zip(xs, ys)):
    print(i, x, y)
# expect: 0 1 a
# expect: 1 2 b
