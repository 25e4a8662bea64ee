x = (i for i in range(3))
# expect error: 1:5 generator expressions are not supported
