for k in range(2):
    try:
        if k == 0:
            raise KeyError("a")
        raise ValueError("b")
    except (KeyError, ValueError):
        print("caught", k)
# expect: caught 0
# expect: caught 1
