x = 1
del x
print(x)
# expect error: 3:7 undefined name `x`
