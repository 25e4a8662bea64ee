x = 1j
# expect error: 1:5 complex numbers are not supported
