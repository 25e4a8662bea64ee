t = (1, "a")
print(t[-3])
# expect error: 2:9 tuple index -3 out of range
