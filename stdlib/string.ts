# string: CPython 3.11's string constants (whitespace, ascii_lowercase, ascii_uppercase,
# ascii_letters, digits, hexdigits, octdigits, punctuation, printable) and capwords. Not there:
# the Template and Formatter classes.
from typing import Optional

whitespace = " \t\n\r\x0b\x0c"
ascii_lowercase = "abcdefghijklmnopqrstuvwxyz"
ascii_uppercase = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ascii_letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
digits = "0123456789"
hexdigits = "0123456789abcdefABCDEF"
octdigits = "01234567"
punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
printable = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \t\n\r\x0b\x0c"


def capwords(s: str, sep: Optional[str] = None) -> str:
    # (sep or ' ').join(map(str.capitalize, s.split(sep)))
    parts = s.split(sep)
    return (" " if sep is None or sep == "" else sep).join([p.capitalize() for p in parts])
