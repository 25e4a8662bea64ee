# Tuple slices with any literal step and negative or None bounds, as Python's slice.indices().
t = (1, "a", 2.5, True)
r = t[::-1]
b: bool = r[0]
print(r, b)
print(t[::2], t[-2:], t[:-1], t[3:0:-2], t[10:], t[-10::-1], t[None:None:-1])
# expect: (True, 2.5, 'a', 1) True
# expect: (1, 2.5) (2.5, True) (1, 'a', 2.5) (True, 'a') () () (True, 2.5, 'a', 1)
