if True
    pass
# expect error: 1:8 invalid syntax: unexpected end of line (expected `:`)
