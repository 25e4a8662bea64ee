xs = [1, "a"]
# expect error: 1:10 list elements must have one type
