x = "a" + 1
# expect error: 1:5 unsupported operand types for +: str and int
# expect hint: convert with `str(...)`
