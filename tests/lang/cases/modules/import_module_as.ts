import helper as h
print(h.double(5), h.triple(2))
# expect: 10 6
