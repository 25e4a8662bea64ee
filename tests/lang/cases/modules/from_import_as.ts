from helper import double as dbl, triple
print(dbl(4) + triple(1))
# expect: 11
