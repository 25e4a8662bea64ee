for i, s in enumerate(["c", "d"], 5):
    print(i, s)
# expect: 5 c
# expect: 6 d
