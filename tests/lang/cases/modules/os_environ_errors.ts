# What os.environ holds is str: keys and values of other types, and print's `file=` beyond
# sys.stdout and sys.stderr, are refused when checked.
import os
import sys

os.environ["N"] = 3
os.environ[1] = "x"
v = os.environ[2]
ok = 3 in os.environ
print("x", file=os)
# expect error: 6:19 os.environ values must be str, not int
# expect error: 7:12 os.environ keys must be str, not int
# expect error: 8:16 os.environ keys must be str, not int
# expect error: 9:6 cannot look for int in module os.environ
# expect error: 10:17 `print()` writes to `file=sys.stdout`, `file=sys.stderr` or an object with a `write` method (a file from open()), not module os
