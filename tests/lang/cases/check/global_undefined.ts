def f():
    global missing
# expect error: 2:5 `global missing`: no module-level name
