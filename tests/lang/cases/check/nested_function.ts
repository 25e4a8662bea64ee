def outer(x: int) -> int:
    def inner(y: int) -> int:
        return y + 1
    return inner(x)
print(outer(1))
