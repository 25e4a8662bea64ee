# The string module against CPython's (run under both).
import string

for v in [string.whitespace, string.ascii_lowercase, string.ascii_uppercase, string.ascii_letters,
          string.digits, string.hexdigits, string.octdigits, string.punctuation, string.printable]:
    print(repr(v), len(v))
print(string.ascii_letters == string.ascii_lowercase + string.ascii_uppercase)
print(string.printable == string.digits + string.ascii_letters + string.punctuation + string.whitespace)
print([c for c in "a1-B_ z!" if c in string.punctuation])
print("".join([c for c in "Hello, World! 42" if c in string.ascii_letters or c in string.digits]))
for s in ["hello world", "  hello   world  ", "", "ÉCOLE élève", "aBC dEF", "one\ttwo\nthree", "x"]:
    print(repr(string.capwords(s)))
print(repr(string.capwords("a-b-c", "-")), repr(string.capwords("a--b", "-")), repr(string.capwords("  a b ", " ")))
try:
    string.capwords("a b", "")
except Exception as e:
    print(type(e).__name__, e)
