print(1 in 5)
# expect error: 1:12 `in` needs a container on the right
