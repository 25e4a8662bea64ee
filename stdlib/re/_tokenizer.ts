# re/_tokenizer.ts: the lexical level shared by pattern parsing (re/_parser.ts) and replacement
# templates (re/_template.ts): _Source, CPython's Tokenizer (it reads a character or a
# backslash escape at a time and makes the error, re.error to the user, at a position), the
# character sets it is asked about, group-name checks and the one-character escapes (\n \t ...).
from re._constants import _PatternError

_DIGITS = "0123456789"
_OCTDIGITS = "01234567"
_HEXDIGITS = "0123456789abcdefABCDEF"
_ASCIILETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _isin(c: str, chars: str) -> bool:
    return len(c) == 1 and c in chars



def _isidentifier(name: str) -> bool:
    if name == "":
        return False
    first = True
    for ch in name:
        if ch == "_":
            pass
        elif first:
            if not ch.isalpha():
                return False
        elif not ch.isalnum():
            return False
        first = False
    return True


def _isdecimal(s: str) -> bool:
    if s == "":
        return False
    for ch in s:
        if not _isin(ch, _DIGITS):
            return False
    return True


class _Source:
    def __init__(self, string: str):
        self.string = string
        self.chars = list(string)
        self.length = len(self.chars)
        self.index = 0
        self.nxt = ""
        self.advance()

    def advance(self) -> None:
        index = self.index
        if index >= self.length:
            self.nxt = ""
            return
        char = self.chars[index]
        if char == "\\":
            index += 1
            if index >= self.length:
                raise _PatternError("bad escape (end of pattern)", self.string, self.length - 1)
            char = char + self.chars[index]
        self.index = index + 1
        self.nxt = char

    def match(self, char: str) -> bool:
        if char == self.nxt:
            self.advance()
            return True
        return False

    def get(self) -> str:
        this = self.nxt
        self.advance()
        return this

    def getwhile(self, n: int, charset: str) -> str:
        result = ""
        for _ in range(n):
            c = self.nxt
            if not _isin(c, charset):
                break
            result = result + c
            self.advance()
        return result

    def getuntil(self, terminator: str, name: str) -> str:
        result = ""
        while True:
            c = self.nxt
            self.advance()
            if c == "":
                if result == "":
                    raise self.err("missing " + name, 0)
                raise self.err("missing " + terminator + ", unterminated name", len(result))
            if c == terminator:
                if result == "":
                    raise self.err("missing " + name, 1)
                break
            result = result + c
        return result

    def tell(self) -> int:
        return self.index - len(self.nxt)

    def seek(self, index: int) -> None:
        self.index = index
        self.advance()

    def err(self, msg: str, offset: int) -> _PatternError:
        return _PatternError(msg, self.string, self.tell() - offset)

    def checkgroupname(self, name: str, offset: int) -> None:
        if not _isidentifier(name):
            raise self.err("bad character in group name " + repr(name), len(name) + offset)


def _simple_escape(escape: str) -> int:
    c = escape[1]
    if c == "a":
        return 7
    if c == "b":
        return 8
    if c == "f":
        return 12
    if c == "n":
        return 10
    if c == "r":
        return 13
    if c == "t":
        return 9
    if c == "v":
        return 11
    if c == "\\":
        return 92
    return -1
