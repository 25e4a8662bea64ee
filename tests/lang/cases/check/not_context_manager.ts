with 3:
    pass
# expect error: 1:6 int is not a context manager
