def f():
    yield 1
# expect error: 2:5 `yield` (generators) is not supported in Ts
