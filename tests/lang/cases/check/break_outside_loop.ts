break
# expect error: 1:1 `break` outside a loop
