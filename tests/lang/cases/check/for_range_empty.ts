n = 0
for i in range(5, 2):
    n += 1
for i in range(0, 5, -1):
    n += 1
print(n)
# expect: 0
