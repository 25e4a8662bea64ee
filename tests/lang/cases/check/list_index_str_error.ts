xs = [1, 2]
print(xs["a"])
# expect error: 2:10 List[int] indices must be int, not str
