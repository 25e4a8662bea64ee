a = undefined_one
b = 1 + "x"
c = undefined_two
# expect error: 1:5 undefined name `undefined_one`
# expect error: 2:5 unsupported operand types for +
# expect error: 3:5 undefined name `undefined_two`
