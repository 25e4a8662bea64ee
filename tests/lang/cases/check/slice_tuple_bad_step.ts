# A tuple slice's element types must be known when checking: literal bounds and step only.
t = (1, 2, 3)
k = 2
print(t[::0])
print(t[::k])
# expect error: 4:11 slice step cannot be zero
# expect error: 5:9 tuple slices need literal bounds and step
