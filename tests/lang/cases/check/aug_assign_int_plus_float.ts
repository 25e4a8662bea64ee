x: int = 1
x += 0.5
# expect error: 2:1 `+=` would change the type of the target from int to float
