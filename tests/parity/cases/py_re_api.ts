# The re API itself: errors with CPython's messages and positions, flags, Pattern attributes and
# repr, Match methods, pos/endpos, empty matches, split/sub corner cases, the cache.
import re
from typing import List

BAD = ["(abc", "abc)", "a**", "+x", "[z-a]", "x{5,2}", r"\p", "(?P<1>x)", "(?P<n>a)(?P<n>b)",
       "(?P=missing)", r"(a)\3", "(?<=a*)b", "[abc", "(?Q)", "a(?i)b", "(?i", "\\", "(?#no end",
       "a\n(b", r"\x2", "(?<x>y)"]
for pat in BAD:
    try:
        re.compile(pat)
        print("compiled", repr(pat))
    except re.error as e:
        print(repr(pat), "->", e, "|", e.msg, e.pos, e.lineno, e.colno)

try:
    re.sub(r"(a)", r"\2", "a")
except re.error as e:
    print("template:", e)
try:
    re.sub(r"(?P<x>a)", r"\g<y>", "a")
except IndexError as e:
    print("IndexError:", e)
try:
    re.match(r"(a)", "a").group(2)
except IndexError as e:
    print("IndexError:", e)
try:
    re.compile(re.compile("a"), re.I)
except ValueError as e:
    print("ValueError:", e)
print(isinstance(re.error("x"), Exception), str(re.error("plain")))

p = re.compile(r"(?P<word>\w+)\s(?P<num>\d+)?", re.IGNORECASE | re.MULTILINE)
print(p, p.pattern, p.flags, p.groups, p.groupindex)
print(re.compile("a+"), re.compile("(?s)x.").flags, re.compile("x", re.A).flags, re.compile("x", re.X | re.S))
print(re.compile("a", re.I) is re.compile("a", re.I), re.compile("a") == re.compile("a"))
print(repr(re.compile("x" * 300))[-20:])

m = p.search("  alpha 12 beta")
if m:
    print(m, m.re.pattern, m.string, m.pos, m.endpos)
    print(m.group(), m.group(0), m.group(1), m.group("num"), m.group(1, "num", 0))
    print(m[0], m["word"], m[2], m.groups(), m.groupdict())
    print(m.start(), m.end(), m.span(), m.start("num"), m.end(2), m.span(1), bool(m))
    print(m.lastindex, m.lastgroup)
m = p.search("beta ")
if m:
    print(m.groups(), m.groups("?"), m.groupdict(0), m.span(2), m.start("num"), m.lastindex)

# pos and endpos
q = re.compile(r"\d+")
print(q.search("ab123cd45", 4), q.search("ab123cd45", 2, 4), q.match("ab123", 2), q.match("ab123", 1))
print(q.findall("1 22 333 4444", 2, 8), q.fullmatch("x123x", 1, 4), [x.span() for x in q.finditer("1a22b333", 1)])
print(re.compile("^a").search("ba", 1), re.compile("(?m)^a").search("b\na", 1), re.compile(r"\bb").search("ab", 1))
print(re.compile("a$").search("ab", 0, 1), re.compile(r"(?<=a)b").search("ab", 1))

# empty matches
print(re.findall(r"a*", "baaac"), re.sub(r"a*", "-", "baaac"), re.split(r"a*", "baaac"))
print(re.findall(r"\b", "hi you"), re.split(r"\b", "hi you"), re.sub("", "|", "ab"))
print([m.span() for m in re.finditer(r"(?=(\w\w))", "abcd")], re.findall(r"(?=(\w\w))", "abcd"))
print(re.split(r"(a)|b", "xaybz"), re.split(r",", "a,b,,c,", 2), re.split(r"(?:,)", ""))
print(re.findall(r"(a)(b)?", "ab a"), re.findall(r"((a)b)", "abab"))
print(re.subn(r"(?<=a)", "^", "aaa"), re.sub(r"$", "!", "a\n"), re.sub(r"(?m)$", "!", "a\nb"))

# greedy, lazy, possessive, atomic, backreferences, conditionals
print(re.match(r"<(.+)>", "<a><b>").group(1), re.match(r"<(.+?)>", "<a><b>").group(1))
print(re.match(r"a*+a", "aaa"), re.match(r"(?>a*)b", "aab"), re.match(r"\d{2,3}?", "1234"))
print(re.search(r"(\w+) \1", "the the cat").group(), re.search(r"(?i)(\w+) \1", "The the").group())
print(re.findall(r"(\()?\d+(?(1)\))", "(1) 2 (3 4)"), re.fullmatch(r"(a|b)*?b", "aab") is not None)
print(re.match(r"(?:(a)|(b))+", "ab").groups(), re.match(r"(a)+", "aaa").span(1))
print(re.search(r"x(?=y)", "xz xy").span(), re.search(r"(?<![\d.])\d+(?![\d.])", "1.5 22 3.").group())

# DOTALL, VERBOSE, ASCII, scoped flags
print(re.findall(r".+", "a\nb"), re.findall(r".+", "a\nb", re.S), re.findall(r"(?s:.)b", "\nb"))
print(re.match(r"""\d+  # digits
                   \s*  # space""", "12  x", re.VERBOSE))
print(re.findall(r"\w+", "Größe 3µm", re.A), re.findall(r"(?i:[A-Z]+)[a-z]", "ABcD"), [ord(c) for c in re.findall(r"\s+", "a\u00a0b\u2003c")])
print(re.escape("Hello, world! (1+1=2) [ok] ^$ |\\"), re.purge())
