for i in 5:
    pass
# expect error: 1:10 int is not iterable
