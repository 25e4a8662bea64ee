t = (1, 2)
a, b, c = t
# expect error: 2:11 cannot unpack 2 values into 3 targets
