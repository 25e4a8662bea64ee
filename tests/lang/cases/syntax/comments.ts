# a comment
x = 1  # trailing
# another
print(x)
