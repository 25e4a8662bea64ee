m = [[i * j for j in range(3)] for i in range(2)]
print(m, m[1][2])
# expect: [[0, 0, 0], [0, 1, 2]] 2
