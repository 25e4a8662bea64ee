x = 10
assert x > 5
assert x == 10, "ten"
print("ok")
# expect: ok
