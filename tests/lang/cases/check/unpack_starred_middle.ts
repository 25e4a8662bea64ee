first, *mid, last = [1, 2, 3, 4, 5]
print(first, mid, last)
# expect: 1 [2, 3, 4] 5
