def find(xs: list[int], k: int):
    for i, x in enumerate(xs):
        if x == k:
            return i
    return None
r = find([5, 6], 6)
print(r)
r2 = find([5, 6], 7)
print(r2)
# expect: 1
# expect: None
