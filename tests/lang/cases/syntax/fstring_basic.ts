x = 3
name = "w"
s = f"{name} = {x}"
t = f"{x:>8.3f} {x!r} {{literal}}"
print(s, t)
