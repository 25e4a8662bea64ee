for i in range(3):
    pass
else:
    print("else ran", i)
for j in range(3):
    if j == 1:
        break
else:
    print("not printed")
print(j)
# expect: else ran 2
# expect: 1
