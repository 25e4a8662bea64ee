b = b"abc"
# expect error: 1:5 bytes literals are not supported
