xs = [1, 2]
ys = xs + 1
# expect error: 2:6 unsupported operand types for +: List[int] and int
