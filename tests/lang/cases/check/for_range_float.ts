for i in range(2.5):
    pass
# expect error: 1:16 range() arguments must be int, not float
