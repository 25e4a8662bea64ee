xs = [1, 2]
d = {"a": 1}
print(1 in xs, "a" in d, "b" not in d, "x" in "xyz")
