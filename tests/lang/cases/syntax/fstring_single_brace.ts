x = f"a } b"
# expect error: 1:9 f-string: single `}` is not allowed
