def f(**kw, x):
    return x
# expect error: 1:13 follows `**kw`, which must come last
