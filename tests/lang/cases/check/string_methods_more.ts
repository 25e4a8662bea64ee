# str methods beyond the basic ones, with CPython's results: searching from the right and in a
# window, splitting from the right and by lines, partitions, padding, case and character tests.
s = "hello world, hello there"
print(s.rfind("hello"), s.rfind("zz"), s.find("o", 5), s.rfind("o", 0, 10), s.find("l", -5))
print(s.index("world"), s.rindex("l"), s.count("l", 3), s.count("hello", 0, 10), "".count(""), "abc".count("", 1))
try:
    s.index("nope")
except ValueError as e:
    print("ValueError", e)
try:
    s.rindex("nope")
except ValueError as e:
    print("ValueError", e)
print("a,b,,c".rsplit(","), "a,b,c".rsplit(",", 1), "  a  b c  ".rsplit(None, 1), "  a  b c  ".rsplit())
print("a b c d".split(" ", 2), "  a  b c  ".split(maxsplit=1), "a,b,c".split(sep=",", maxsplit=1), "x".rsplit("x"))
print("k=v=w".partition("="), "k=v=w".rpartition("="), "kv".partition("="), "kv".rpartition("="))
print("42".zfill(5), "-42".zfill(5), "+7".zfill(3), "abc".zfill(2), "".zfill(3))
print("[" + "ab".center(7, "*") + "]", "[" + "abc".center(6) + "]", "[" + "ab".center(5) + "]", "[" + "ab".ljust(5, "-") + "]", "[" + "ab".rjust(5) + "]")
print("hello wORLD they're 1st".title(), "hELLO World".capitalize(), "Hello World".swapcase(), "StraSSe".casefold())
print("abc".isalpha(), "ab1".isalpha(), "".isalpha(), "ab1".isalnum(), "ab 1".isalnum(), " \t\n".isspace(), "".isspace(), " a".isspace())
print("ABC1".isupper(), "AbC".isupper(), "123".isupper(), "abc1".islower(), "aBc".islower(), "".islower())
print(repr("a\tbc\td".expandtabs()), repr("a\tb".expandtabs(4)), repr("ab\n\tc".expandtabs(tabsize=2)))
print("a\nb\r\nc\rd\x0be\x0cf".splitlines(), "x\ny\n".splitlines(True), "".splitlines(), "\n".splitlines(keepends=True))
print("test_case".removeprefix("test_"), "test_case".removeprefix("x"), "file.ts".removesuffix(".ts"), "a".removesuffix(""))
try:
    "ab".center(5, "xy")
except TypeError as e:
    print("TypeError:", e)
try:
    "a,b".rsplit("")
except ValueError as e:
    print("ValueError:", e)
line = "epoch 3: loss=0.25"
key, _, value = line.rpartition("=")
print(key, float(value) * 2, line.split(":")[0].rsplit(" ", 1)[-1].zfill(3))
