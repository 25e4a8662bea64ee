t = (1, "a", 2.5)
s: str = t[-2]
print(s, t[-1])
# expect: a 2.5
