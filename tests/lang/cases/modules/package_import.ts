import pkg
print(pkg.VALUE + 1)
