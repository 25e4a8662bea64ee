for i, s in enumerate(["a", "b"], start=1):
    print(i, s)
# expect: 1 a
# expect: 2 b
