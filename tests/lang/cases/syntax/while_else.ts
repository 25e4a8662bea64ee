while False:
    pass
else:
    pass
# expect error: 3:1 `while ... else` is not supported
