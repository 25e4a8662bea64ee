def f(a: int = "x") -> int:
    return a
# expect error: 1:16 default value of type str does not match parameter `a` of type int
