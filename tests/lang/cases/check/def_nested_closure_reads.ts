def outer(k: int) -> int:
    base = k * 10
    def inner(j: int) -> int:
        return base + j
    return inner(1) + inner(2)
print(outer(2))
# expect: 43
