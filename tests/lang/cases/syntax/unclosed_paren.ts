x = (1 + 2
y = 3
# expect error: 2:1 invalid syntax
