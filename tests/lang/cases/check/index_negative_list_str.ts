xs = [1, 2, 3]
s = "hey"
print(xs[-1], xs[-3], s[-1], s[0])
# expect: 3 1 y h
