s = "abc"
s()
# expect error: 2:1 str is not callable
