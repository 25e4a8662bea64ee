def total(**counts: int) -> int:
    return sum(counts.values())


print(total(a=1, b="x"))
# expect error: 5:20 argument `b` of `total` goes into `**counts`, which takes int, not str
