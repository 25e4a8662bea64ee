ps = [(a, b) for a in range(4) for b in range(a) if (a + b) % 2 == 1]
print(ps)
# expect: [(1, 0), (2, 1), (3, 0), (3, 2)]
