n = 0
while n < 5:
    n += 1
    if n == 3:
        break
else:
    print("not printed")
print(n)
# expect: 3
