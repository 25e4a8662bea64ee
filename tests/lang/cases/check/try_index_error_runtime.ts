xs = [1, 2]
try:
    print(xs[5])
except IndexError as e:
    print("IndexError:", e)
# expect: IndexError: list index out of range
