xs = [1.0, 2.0]
ys = ["a", "b"]
for i, x in enumerate(xs):
    print(i + 1, x * 2.0)
for x, y in zip(xs, ys):
    print(x, y + "!")
