x = 1
x = "a"
# expect error: 2:5 cannot assign str to `x` of type int
