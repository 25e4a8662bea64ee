# An unannotated module-level variable bound to None becomes Optional by a later assignment.
x = None
print(x)
x = 5
if x is not None:
    print(x + 1)
# expect: None
# expect: 6
