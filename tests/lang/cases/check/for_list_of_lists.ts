grid = [[1, 2], [3, 4]]
total = 0
for row in grid:
    for v in row:
        total += v
print(total)
# expect: 10
