for i in range(3):
    pass
else:
    pass
# expect error: 3:1 `for ... else` is not supported
