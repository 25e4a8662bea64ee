def f(**kwargs):
    pass
# expect error: 1:7 `**kwargs` parameters are not supported
