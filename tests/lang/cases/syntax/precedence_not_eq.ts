a = 1
b = 2
print(not a == b, not a == 1)
# expect: True False
