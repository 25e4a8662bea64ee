t = (1, 2, 3)
a, b = t
# expect error: 2:8 cannot unpack 3 values into 2 targets
