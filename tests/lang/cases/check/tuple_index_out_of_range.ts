t = (1, "a")
print(t[2])
# expect error: 2:9 tuple index 2 out of range
