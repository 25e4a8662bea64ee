try:
    int("abc")
except ValueError as e:
    print(e)
# expect: invalid literal for int() with base 10: 'abc'
