n = 0
for a, b in zip([1, 2, 3], ["x", "y"]):
    n += 1
    print(a, b)
print(n)
# expect: 1 x
# expect: 2 y
# expect: 2
