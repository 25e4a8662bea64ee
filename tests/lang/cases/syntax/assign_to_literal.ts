1 = x
# expect error: 1:1 cannot assign to this expression
# expect error: 1:5 undefined name `x`
