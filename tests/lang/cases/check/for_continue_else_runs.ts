s = 0
for i in range(4):
    if i == 1:
        continue
    s += i
else:
    print("else", s)
# expect: else 5
