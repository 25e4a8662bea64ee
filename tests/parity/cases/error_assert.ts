x = 3
assert x == 3, "fine"
assert x > 5, f"x is {x}"
