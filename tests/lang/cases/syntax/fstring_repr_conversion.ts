s = "abc"
n = 5
print(f"{s!r} {s} {n!r} {s!s}")
# expect: 'abc' abc 5 abc
