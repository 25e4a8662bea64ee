t = (1, "a")
i = 0
print(t[i])
# expect error: 3:9 cannot index Tuple[int, str] with a non-literal
