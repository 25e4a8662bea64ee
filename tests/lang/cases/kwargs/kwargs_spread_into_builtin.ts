d = {"a": 1}
print("{a}".format(**d))
# expect error: 2:20 `**` unpacking is supported in calls of functions, methods and classes written in Ts, not of
