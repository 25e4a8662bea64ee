xs = [i * 2 for i in range(5) if i % 2 == 0]
ys = [a + b for a in range(3) for b in range(2)]
zs: int = xs[0] + ys[1]
print(zs)
