print(3 not in [1, 2], 2 in (1, 2), "k" not in {"k": 1}, "bc" in "abcd", "" in "a", 1.5 in [1.5])
# expect: True True False True True True
