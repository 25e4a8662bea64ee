s = "abcdefg"
print(s[::-1], s[1:4], s[::3], s[-3:], s[:2] + s[5:])
# expect: gfedcba bcd adg efg abfg
