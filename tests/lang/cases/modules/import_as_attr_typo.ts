import helper as h
print(h.doubel(1))
# expect error: 2:9 module `helper` has no attribute `doubel`
# expect hint: did you mean
