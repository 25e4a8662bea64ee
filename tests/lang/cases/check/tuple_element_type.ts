t = (1, "a")
n: int = t[1]
# expect error: 2:10 cannot assign str to `n` declared as int
