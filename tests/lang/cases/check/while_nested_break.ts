i = 0
pairs = 0
while i < 3:
    j = 0
    while True:
        if j >= i:
            break
        pairs += 1
        j += 1
    i += 1
print(pairs)
# expect: 3
