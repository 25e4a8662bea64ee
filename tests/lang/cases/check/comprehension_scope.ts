xs = [j for j in range(3)]
print(j)
# expect error: 2:7 undefined name `j`
