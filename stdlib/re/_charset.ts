# re/_charset.ts: characters and classes of characters: _CharSet (a class such as [a-z\d],
# with a table for ASCII), case folding for IGNORECASE (_lower, _upper) and the categories
# \d \s \w, Unicode-aware as in CPython (tables of decimal digits and whitespace) or ASCII-only.
from typing import List
from re._constants import IGNORECASE, ASCII, _C_DIGIT, _C_NOT_DIGIT, _C_SPACE, _C_NOT_SPACE, _C_WORD


class _CharSet:
    def __init__(self, negate: bool, los: List[int], his: List[int], cats: List[int]):
        self.negate = negate
        self.los = los
        self.his = his
        self.cats = cats
        self.ic = False
        self.asc = False
        self.tbl: List[bool] = []

    def contains(self, c: int) -> bool:
        los = self.los
        his = self.his
        for i in range(len(los)):
            if los[i] <= c and c <= his[i]:
                return True
        for cat in self.cats:
            if _cat_ok(cat, c, self.asc):
                return True
        return False

    def test(self, c: int) -> bool:
        hit = self.contains(c)
        if not hit and self.ic:
            lc = _lower(c, self.asc)
            if lc != c and self.contains(lc):
                hit = True
            else:
                uc = _upper(c, self.asc)
                if uc != c and self.contains(uc):
                    hit = True
        return hit != self.negate

    def finish(self, flags: int) -> None:
        self.ic = (flags & IGNORECASE) != 0
        self.asc = (flags & ASCII) != 0
        tbl: List[bool] = []
        for c in range(128):
            tbl.append(self.test(c))
        self.tbl = tbl


def _lower(c: int, asc: bool) -> int:
    if c < 128:
        if 65 <= c and c <= 90:
            return c + 32
        return c
    if asc:
        return c
    s = chr(c).lower()
    if len(s) != 1:
        return c
    return ord(s)


def _upper(c: int, asc: bool) -> int:
    if c < 128:
        if 97 <= c and c <= 122:
            return c - 32
        return c
    if asc:
        return c
    s = chr(c).upper()
    if len(s) != 1:
        return c
    return ord(s)


# CPython's Unicode \d is the decimal digits (category Nd), \s its whitespace: tables here, as
# they are small (\w is str.isalnum, CPython's definition).
_DIGIT_LO = [0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6,
             0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90,
             0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0,
             0xff10, 0x104a0, 0x10d30, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0,
             0x11650, 0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0,
             0x16b50, 0x1d7ce, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0]
_DIGIT_HI = [0x669, 0x6f9, 0x7c9, 0x96f, 0x9ef, 0xa6f, 0xaef, 0xb6f, 0xbef, 0xc6f, 0xcef, 0xd6f, 0xdef,
             0xe59, 0xed9, 0xf29, 0x1049, 0x1099, 0x17e9, 0x1819, 0x194f, 0x19d9, 0x1a89, 0x1a99,
             0x1b59, 0x1bb9, 0x1c49, 0x1c59, 0xa629, 0xa8d9, 0xa909, 0xa9d9, 0xa9f9, 0xaa59, 0xabf9,
             0xff19, 0x104a9, 0x10d39, 0x1106f, 0x110f9, 0x1113f, 0x111d9, 0x112f9, 0x11459, 0x114d9,
             0x11659, 0x116c9, 0x11739, 0x118e9, 0x11959, 0x11c59, 0x11d59, 0x11da9, 0x16a69, 0x16ac9,
             0x16b59, 0x1d7ff, 0x1e149, 0x1e2f9, 0x1e959, 0x1fbf9]


def _is_digit(c: int, asc: bool) -> bool:
    if c < 128:
        return 48 <= c and c <= 57
    if asc or c < 0x660 or c > 0x1fbf9:
        return False
    for i in range(len(_DIGIT_LO)):
        if c <= _DIGIT_HI[i]:
            return c >= _DIGIT_LO[i]
    return False


def _is_space(c: int, asc: bool) -> bool:
    if c < 128:
        if c == 32 or (9 <= c and c <= 13):
            return True
        return (not asc) and 28 <= c and c <= 31
    if asc:
        return False
    return c == 0x85 or c == 0xa0 or c == 0x1680 or (0x2000 <= c and c <= 0x200a) or c == 0x2028 or c == 0x2029 or c == 0x202f or c == 0x205f or c == 0x3000


def _is_word(c: int, asc: bool) -> bool:
    if c < 128:
        return (97 <= c and c <= 122) or (65 <= c and c <= 90) or (48 <= c and c <= 57) or c == 95
    if asc:
        return False
    return chr(c).isalnum()


def _cat_ok(cat: int, c: int, asc: bool) -> bool:
    if cat == _C_DIGIT:
        return _is_digit(c, asc)
    if cat == _C_NOT_DIGIT:
        return not _is_digit(c, asc)
    if cat == _C_SPACE:
        return _is_space(c, asc)
    if cat == _C_NOT_SPACE:
        return not _is_space(c, asc)
    if cat == _C_WORD:
        return _is_word(c, asc)
    return not _is_word(c, asc)
