x = 1
    y = 2
# expect error: 2:5 unexpected indent
