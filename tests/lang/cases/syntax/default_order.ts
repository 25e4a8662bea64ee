def f(a: int = 1, b: int):
    pass
# expect error: 1:19 parameter `b` without a default follows a parameter with a default
