def double(x: int) -> int:
    return 2 * x
def triple(x: int) -> int:
    return 3 * x
