t = (1, "a", 2.5, 4)
u = t[1:3]
s: str = u[0]
print(u, s)
# expect: ('a', 2.5) a
