# int() of strings in every base CPython reads (prefixes, underscores, base 0), its errors, and
# hex/oct/bin.
print(int("ff", 16), int("0x1f", 16), int("777", 8), int("101", 2), int(" 42 "), int("-z", 36))
print(int("0x_1f", 16), int("1_000"), int("0b101", 0), int("0o17", 0), int("  -7\n"), int("z", base=36))
print(int("-9223372036854775808"), int("7fffffffffffffff", 16))
for bad in ["1__0", "_1", "1_", "010", "0x", "", "0b2", "12a"]:
    try:
        print(int(bad, 0))
    except ValueError as e:
        print("ValueError", e)
try:
    print(int("12", 2))
except ValueError as e:
    print("ValueError", e)
for base in [1, 37, -1]:
    try:
        print(int("1", base))
    except ValueError as e:
        print("ValueError", e)
print(hex(255), oct(8), bin(5), hex(-1), hex(-9223372036854775807 - 1), bin(0), oct(-8), hex(True))
print(hex(9223372036854775807), bin(-5))
