s = 0
for i in range(2, 6):
    s += i
print(s, list(range(-2, 2)))
# expect: 14 [-2, -1, 0, 1]
