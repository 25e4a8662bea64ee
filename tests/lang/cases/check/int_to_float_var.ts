x: int = 1
x = 2.5
# expect error: 2:5 cannot assign float to `x` of type int
