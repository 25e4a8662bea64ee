print(0 or 5, 3 and 4, 0 and 7, 2 or 9)
print("" or "dflt", "x" and "y")
# expect: 5 4 0 2
# expect: dflt y
