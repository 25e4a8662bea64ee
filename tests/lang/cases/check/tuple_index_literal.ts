t = (1, "a")
s: str = t[1]
print(s)
