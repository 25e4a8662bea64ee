x = -"a"
# expect error: 1:5 bad operand type for unary -: str
