# An unannotated module-level variable bound to an int widens to float, as in Python.
x = 1
print(x)
x = 2.5
print(x)
# expect: 1
# expect: 2.5
