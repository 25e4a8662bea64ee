try:
    try:
        raise ValueError("inner")
    except ValueError:
        print("handling")
        raise
except ValueError as e:
    print("outer", e)
# expect: handling
# expect: outer inner
