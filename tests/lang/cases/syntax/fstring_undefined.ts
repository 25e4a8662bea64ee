x = f"value {y}"
# expect error: 1:14 undefined name `y`
