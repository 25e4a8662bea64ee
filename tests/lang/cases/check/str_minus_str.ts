x = "a" - "b"
# expect error: 1:5 unsupported operand types for -: str and str
