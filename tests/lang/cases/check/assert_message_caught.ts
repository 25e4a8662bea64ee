x = 3
try:
    assert x > 5, "x is too small: " + str(x)
except AssertionError as e:
    print(e)
# expect: x is too small: 3
