def f(a: int = 0) -> int:
    return a


print(f(**[1, 2]))
# expect error: 5:11 argument after ** must be a dict with str keys, not List[int]
