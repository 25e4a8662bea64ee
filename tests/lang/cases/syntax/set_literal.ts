s = {1, 2}
# expect error: 1:5 set literals are not supported
