t = (1.5, 2.5, 3.0)
s = 0.0
for x in t:
    s += x
print(s)
# expect: 7.0
