try:
    raise KeyError("k")
except KeyError:
    print("except")
else:
    print("no")
# expect: except
