x = 1 if True else "a"
# expect error: 1:5 the branches of this conditional expression have different types
