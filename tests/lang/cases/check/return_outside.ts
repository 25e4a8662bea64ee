return 1
# expect error: 1:1 `return` outside a function
