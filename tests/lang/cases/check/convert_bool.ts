print(bool(0), bool(3), bool(""), bool("a"), bool(0.0), bool([1]), bool([]))
# expect: False True False True False True False
