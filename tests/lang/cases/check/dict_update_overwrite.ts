d = {"a": 1, "b": 2}
d["a"] = 10
d["c"] = 3
print(d, list(d.items()))
# expect: {'a': 10, 'b': 2, 'c': 3} [('a', 10), ('b', 2), ('c', 3)]
