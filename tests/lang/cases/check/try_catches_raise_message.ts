try:
    raise ValueError("bad value")
except ValueError as e:
    print("caught:", e)
# expect: caught: bad value
