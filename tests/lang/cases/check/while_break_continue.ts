i = 0
out = []
while True:
    i += 1
    if i % 2 == 0:
        continue
    if i > 7:
        break
    out.append(i)
print(out)
# expect: [1, 3, 5, 7]
