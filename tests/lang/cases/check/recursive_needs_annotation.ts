def fact(n: int):
    if n <= 1:
        return 1
    return n * fact(n - 1)
# expect error: 4:16 `fact` calls itself before its return type is known
