x = 99999999999999999999
# expect error: 1:5 integer literal is too large
