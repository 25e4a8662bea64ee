a, *rest = [7]
print(a, rest, len(rest))
# expect: 7 [] 0
