d = {"a": 1}
print(d.get("a", 0), d.get("z", 0), "z" in d)
# expect: 1 0 False
