d = {"a": 1, "b": 2}
del d["a"]
print(d, "a" in d, len(d))
# expect: {'b': 2} False 1
