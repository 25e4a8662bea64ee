s = "ab"
s -= "a"
# expect error: 2:1 unsupported operand types for -=: str and str
