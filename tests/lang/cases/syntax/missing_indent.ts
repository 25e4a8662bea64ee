def f():
return 1
# expect error: 2:1 expected an indented block
