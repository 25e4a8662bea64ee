x: int = "a"
# expect error: 1:10 cannot assign str to `x` declared as int
