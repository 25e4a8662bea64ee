x = 3
x(1)
# expect error: 2:1 int is not callable
