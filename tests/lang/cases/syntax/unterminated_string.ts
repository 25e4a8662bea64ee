x = "abc
# expect error: 1:5 unterminated string literal
