def f():
    nonlocal x
# expect error: 2:5 `nonlocal` is not supported
