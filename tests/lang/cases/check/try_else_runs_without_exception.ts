try:
    x = 1
except ValueError:
    print("no")
else:
    print("else", x)
# expect: else 1
