# chr() takes code points in range(0x110000), as in CPython, and ord() reads them back.
for c in [-1, 1114112]:
    try:
        print(chr(c))
    except ValueError as e:
        print("ValueError:", e)
print(chr(65), chr(233), chr(8364), chr(128512))
print(ord(chr(65)), ord(chr(233)), ord(chr(8364)), ord(chr(128512)), ord("é"))
# expect: ValueError: chr() arg not in range(0x110000)
# expect: ValueError: chr() arg not in range(0x110000)
# expect: A é € 😀
# expect: 65 233 8364 128512 233
