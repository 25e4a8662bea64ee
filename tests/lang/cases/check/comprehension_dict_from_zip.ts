keys = ["a", "b"]
vals = [1.5, 2.5]
d = {k: v for k, v in zip(keys, vals)}
print(d)
# expect: {'a': 1.5, 'b': 2.5}
