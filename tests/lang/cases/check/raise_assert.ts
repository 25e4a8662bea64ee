def f(x: int) -> int:
    if x < 0:
        raise ValueError("negative")
    assert x < 100, "too big"
    return x
print(f(3))
