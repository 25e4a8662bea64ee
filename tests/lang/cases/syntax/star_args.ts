def f(*args):
    pass
# expect error: 1:7 `*args` parameters are not supported
