x = f"{1 +}"
# expect error: 1:8 f-string: invalid expression
