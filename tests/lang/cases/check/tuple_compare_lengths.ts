# Tuples of different lengths and element types compare element by element, as CPython's;
# elements that cannot be ordered raise its TypeError.
try:
    print((1, "a") < (1, 2))
except TypeError as e:
    print("TypeError:", e)
print((1, 2) < (1, 2, 0), (2,) > (1, 5, 5), (1, 2.5) <= (1, 3))
