def total(*args: int) -> int:
    return len(args)


print(total(1, "a"))
print(total(args=3))
# expect error: 5:16 argument `*args` of `total` takes int, not str
# expect error: 6:13 `total` got an unexpected keyword argument `args`
