print([c + c for c in "abc"], [i for i, c in enumerate("xyz") if c != "y"])
# expect: ['aa', 'bb', 'cc'] [0, 2]
