# A str is indexed, sliced, measured, searched, padded and iterated by code point, as Python's
# is, also when it holds non-ASCII text.
import torch
s = "héllo wörld ✓"
print(s[1], s[-1], s[::-1], len(s), s[1:3], s[::2], s[-3:])
for i in range(len(s)):
    print(s[i], end="|")
print()
try:
    print(s[20])
except IndexError as e:
    print("IndexError", e)
print([c for c in s])
print(s.find("w"), s.index("ö"), s.rfind("l"), s.count("l"), s.find("l", 3), s.count("", 10))
print(f"[{s:>16}]", f"[{s:<15}]", s.ljust(15, "."), s.center(17, "*"), s.rjust(14), "é".zfill(3), "ab".center(6, "é"))
print(s.split(" "), list(reversed(s)), sorted("bça"), max("héllo"), "é" in s, s.startswith("hé"))
x = torch.arange(5)
try:
    print(x[::-1])
except ValueError as e:
    print("ValueError", e)
try:
    print(x[1::0])
except ValueError as e:
    print("ValueError", e)
