def f(**kw):
    pass
# expect error: 1:7 `**kwargs` parameters are not supported
