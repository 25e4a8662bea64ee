def f(a: int, a: int):
    pass
# expect error: 1:15 duplicate parameter `a`
