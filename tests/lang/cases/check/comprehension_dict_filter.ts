d = {"a": 1, "b": 5, "c": 3}
big = {k: v * 10 for k, v in d.items() if v > 2}
print(big)
# expect: {'b': 50, 'c': 30}
