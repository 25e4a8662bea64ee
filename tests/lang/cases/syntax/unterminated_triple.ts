x = 1
y = """abc
# expect error: 2:5 unterminated triple-quoted string literal
