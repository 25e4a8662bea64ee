# chr() takes code points in range(0x110000), as in CPython.
for c in [-1, 1114112]:
    try:
        print(chr(c))
    except ValueError as e:
        print("ValueError:", e)
print(chr(65), chr(233), chr(8364), chr(128512))
# expect: ValueError: chr() arg not in range(0x110000)
# expect: ValueError: chr() arg not in range(0x110000)
# expect: A é € 😀
