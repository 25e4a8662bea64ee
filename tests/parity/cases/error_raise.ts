def check(n: int) -> int:
    if n > 2:
        raise ValueError("n is too big: " + str(n))
    return n


print(check(1))
print(check(5))
print("not reached")
