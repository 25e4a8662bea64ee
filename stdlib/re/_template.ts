# re/_template.ts: replacement templates of sub, subn and Match.expand (CPython's
# parse_template): a template is parsed once per pattern into literal parts and group indices;
# re/__init__.ts expands it for a Match.
from typing import Dict, List
from re._constants import _MAXGROUPS
from re._tokenizer import _Source, _isin, _isidentifier, _isdecimal, _simple_escape, _DIGITS, _OCTDIGITS, \
    _ASCIILETTERS


class _Template:
    def __init__(self):
        self.parts: List[str] = []
        self.index: List[int] = []   # -1 for a literal part, else the group


def _parse_template(source: str, groups: int, groupindex: Dict[str, int]) -> _Template:
    s = _Source(source)
    t = _Template()
    literal: List[str] = []
    while True:
        this = s.get()
        if this == "":
            break  # end of replacement string
        if this[0] == "\\":
            # group
            c = this[1]
            index = -1
            if c == "g":
                if not s.match("<"):
                    raise s.err("missing <", 0)
                name = s.getuntil(">", "group name")
                if _isidentifier(name):
                    if name not in groupindex:
                        raise IndexError("unknown group name " + repr(name))
                    index = groupindex[name]
                else:
                    if not _isdecimal(name):
                        raise s.err("bad character in group name " + repr(name), len(name) + 1)
                    if len(name) > 10 or int(name) >= _MAXGROUPS:
                        raise s.err("invalid group reference " + name, len(name) + 1)
                    index = int(name)
                if index > groups:
                    raise s.err("invalid group reference " + str(index), len(name) + 1)
            elif c == "0":
                if _isin(s.nxt, _OCTDIGITS):
                    this = this + s.get()
                    if _isin(s.nxt, _OCTDIGITS):
                        this = this + s.get()
                literal.append(chr(int(this[1:], 8) & 0xff))
            elif _isin(c, _DIGITS):
                isoctal = False
                if _isin(s.nxt, _DIGITS):
                    this = this + s.get()
                    if _isin(c, _OCTDIGITS) and _isin(this[2], _OCTDIGITS) and _isin(s.nxt, _OCTDIGITS):
                        this = this + s.get()
                        isoctal = True
                        v = int(this[1:], 8)
                        if v > 0o377:
                            raise s.err("octal escape value " + this + " outside of range 0-0o377", len(this))
                        literal.append(chr(v))
                if not isoctal:
                    index = int(this[1:])
                    if index > groups:
                        raise s.err("invalid group reference " + str(index), len(this) - 1)
            else:
                v = _simple_escape(this)
                if v >= 0:
                    literal.append(chr(v))
                else:
                    if _isin(c, _ASCIILETTERS):
                        raise s.err("bad escape " + this, len(this))
                    literal.append(this)
            if index >= 0:
                if len(literal) > 0:
                    t.parts.append("".join(literal))
                    t.index.append(-1)
                    literal = []
                t.parts.append("")
                t.index.append(index)
        else:
            literal.append(this)
    if len(literal) > 0:
        t.parts.append("".join(literal))
        t.index.append(-1)
    return t
