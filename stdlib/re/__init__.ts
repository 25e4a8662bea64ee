# re: Python's regular expressions for str patterns, with CPython 3.11's syntax, semantics,
# results and error messages. The parser is a port of CPython's re/_parser.py (so re.error
# carries its message and position); the pattern is compiled once (and cached by pattern and
# flags, as CPython does) into a program for a backtracking machine that runs over the
# subject's code points: an explicit stack of choice points and undo records for the groups,
# single-character repeats (`\d+`, `.*`, `[a-z]*?`) run as one instruction that backs off one
# character at a time (CPython's REPEAT_ONE), a loop whose body can match empty stops as
# CPython's does, lookarounds and atomic groups run a nested machine. Searching skips start
# positions whose character cannot begin a match.
#
# Supported: literals and escapes (\n \t \x41 \u0041 \U0001F600 octal \0 \101), `.`, classes
# with ranges, negation and \d \w \s inside, \d \D \w \W \s \S \b \B \A \Z, ^ and $ (MULTILINE),
# groups (capturing, (?:...), (?P<name>...), (?P=name), \1), (?=...) (?!...) (?<=...) (?<!...)
# (fixed width), (?(1)yes|no), atomic groups (?>...), quantifiers * + ? {m} {m,} {m,n} {,n}
# greedy, lazy and possessive, inline flags (?aimsx) at the start and scoped (?i:...) (?-i:...),
# comments (?#...), the flags I M S X A (U is accepted; L is rejected for str patterns as in
# CPython). Unicode-aware \d and \s are CPython's (decimal digits, Unicode whitespace), \w is
# str.isalnum per character (CPython's definition); IGNORECASE folds with
# str.lower / str.upper per character (CPython also knows a few extra case equivalences).
#
# Differences: finditer returns a list of Match objects (CPython: an iterator); flags are ints
# (print(re.I) shows 2, CPython re.IGNORECASE); bytes patterns, \N{...}, re.Scanner,
# re.template, Match.regs and pickling are not there.
#
# This file holds the public API: the module functions, Pattern, Match, re.error and the flags
# (from re/_constants.ts). The rest of the package: re/_tokenizer.ts (reading patterns and
# templates), re/_parser.ts (pattern to tree, with CPython's error messages), re/_tree.ts (the
# parse tree), re/_charset.ts (character classes, categories, case folding), re/_compiler.ts
# (tree to program), re/_engine.ts (the backtracking matcher), re/_template.ts (replacement
# templates).
from typing import Any, Dict, List, Optional, Tuple
from re._constants import NOFLAG, TEMPLATE, T, IGNORECASE, I, LOCALE, L, MULTILINE, M, DOTALL, S, UNICODE, U, \
    VERBOSE, X, DEBUG, ASCII, A, _PatternError
from re._compiler import _Prog, _compile
from re._engine import _run
from re._template import _Template, _parse_template

_MAXCACHE = 512


class error(Exception):
    def __init__(self, msg: str, pattern: Optional[str] = None, pos: Optional[int] = None):
        full = msg
        lineno: Optional[int] = None
        colno: Optional[int] = None
        if pattern is not None and pos is not None:
            full = msg + " at position " + str(pos)
            lineno = pattern.count("\n", 0, pos) + 1
            colno = pos - pattern.rfind("\n", 0, pos)
            if "\n" in pattern:
                full = full + " (line " + str(lineno) + ", column " + str(colno) + ")"
        super().__init__(full)
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


def _compile_pattern(pattern: str, flags: int) -> Tuple[_Prog, int, Dict[str, int]]:
    # The modules of re raise _PatternError; it becomes re.error here (after the except clause, so
    # that an uncaught one shows no chained exception, as in CPython).
    msg = ""
    pat: Optional[str] = None
    pos: Optional[int] = None
    try:
        return _compile(pattern, flags)
    except _PatternError as e:
        msg = e.msg
        pat = e.pattern
        pos = e.pos
    raise error(msg, pat, pos)


def _template_of(repl: str, groups: int, groupindex: Dict[str, int]) -> _Template:
    # as _compile_pattern, for a replacement template
    msg = ""
    pat: Optional[str] = None
    pos: Optional[int] = None
    try:
        return _parse_template(repl, groups, groupindex)
    except _PatternError as e:
        msg = e.msg
        pat = e.pattern
        pos = e.pos
    raise error(msg, pat, pos)


# ---------------------------------------------------------------------------------------------
# The subject as code points (the last one is kept: a tokenizer calls match(text, pos) often)

class _Subject:
    # A subject string with its code points and, for a long one, its text in chunks of 256 code
    # points: tsrun slices a str in time proportional to its whole length, so groups of a long
    # text are cut from the chunks.
    def __init__(self, text: str):
        self.text = text
        # (iterating a long str directly takes tsrun time quadratic in its length; list() does not)
        self.codes = [ord(c) for c in text] if len(text) <= 256 else [ord(c) for c in list(text)]
        self.chunks: List[str] = []

    def _split(self, s: str, n: int) -> None:
        if n <= 256:
            self.chunks.append(s)
            return
        half = ((n // 2 + 255) // 256) * 256
        self._split(s[:half], half)
        self._split(s[half:], n - half)

    def substr(self, a: int, b: int) -> str:
        n = len(self.codes)
        if n <= 2048 or b - a > n // 4:
            return self.text[a:b]
        if len(self.chunks) == 0:
            self._split(self.text, n)
        if b <= a:
            return ""
        ca = a // 256
        cb = (b - 1) // 256
        if ca == cb:
            return self.chunks[ca][a - ca * 256:b - ca * 256]
        parts = [self.chunks[ca][a - ca * 256:]]
        for k in range(ca + 1, cb):
            parts.append(self.chunks[k])
        parts.append(self.chunks[cb][:b - cb * 256])
        return "".join(parts)


class _LastSubject:
    def __init__(self):
        self.subject = _Subject("")


_LAST = _LastSubject()


def _subject_of(s: str) -> _Subject:
    # the last subject is kept: a tokenizer calls match(text, pos) again and again
    last = _LAST.subject
    if len(s) == len(last.codes) and s == last.text:
        return last
    subj = _Subject(s)
    _LAST.subject = subj
    return subj


def _tuple(xs: List[Any]) -> Any:
    return tuple(xs)


_FLAG_NAMES = ["re.TEMPLATE", "re.IGNORECASE", "re.LOCALE", "re.MULTILINE", "re.DOTALL", "re.UNICODE", "re.VERBOSE", "re.DEBUG", "re.ASCII"]


class Pattern:
    def __init__(self, pattern: str, flags: int):
        c = _compile_pattern(pattern, flags)
        self.pattern = pattern
        self._prog = c[0]
        self.flags = c[1]
        self.groups = c[0].ngroups
        self._groupindex = c[2]
        self._names: Dict[int, str] = {}
        for name in c[2]:
            self._names[c[2][name]] = name
        self._templates: Dict[str, _Template] = {}

    @property
    def groupindex(self) -> Dict[str, int]:
        return dict(self._groupindex)

    def __repr__(self) -> str:
        flags = self.flags
        if (flags & (LOCALE | UNICODE | ASCII)) == UNICODE:
            flags = flags & ~UNICODE
        s = "re.compile(" + repr(self.pattern)[:200]
        if flags != 0:
            names: List[str] = []
            for i in range(9):
                if (flags & (1 << i)) != 0:
                    names.append(_FLAG_NAMES[i])
            rest = flags & ~511
            if rest != 0:
                names.append(hex(rest))
            s = s + ", " + "|".join(names)
        return s + ")"

    def __str__(self) -> str:
        return self.__repr__()

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Pattern) and self.pattern == other.pattern and self.flags == other.flags

    def _exec(self, subj: _Subject, pos: int, endpos: int, mode: int, noempty: bool) -> Optional["Match"]:
        # mode 0 match, 1 fullmatch, 2 search; noempty: no empty match at pos (sub, split, findall)
        p = self._prog
        codes = subj.codes
        n = len(codes)
        if pos < 0:
            pos = 0
        elif pos > n:
            pos = n
        if endpos < 0:
            endpos = 0
        elif endpos > n:
            endpos = n
        if endpos < pos:
            if mode == 2:
                return None
            endpos = pos
        caps = [-1] * p.nslots
        stack: List[int] = []
        full = mode == 1
        first = p.first
        start = pos
        while start <= endpos:
            if mode == 2:
                if p.anchored and start > 0:
                    return None
                if len(first) > 0:
                    while start < endpos:
                        c = codes[start]
                        if c < 128:
                            if first[c]:
                                break
                        elif first[128]:
                            break
                        start += 1
                    if start >= endpos:
                        return None
            e = _run(p, codes, caps, stack, 0, start, endpos, full, start if noempty else -1)
            if e >= 0:
                caps[0] = start
                caps[1] = e
                last = caps[p.lastslot]
                return Match(self, subj, pos, endpos, caps[:2 * p.ngroups + 2], last)
            if mode != 2:
                return None
            noempty = False
            start += 1
        return None

    def match(self, string: str, pos: int = 0, endpos: int = 9223372036854775807) -> Optional["Match"]:
        return self._exec(_subject_of(string), pos, endpos, 0, False)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = 9223372036854775807) -> Optional["Match"]:
        return self._exec(_subject_of(string), pos, endpos, 1, False)

    def search(self, string: str, pos: int = 0, endpos: int = 9223372036854775807) -> Optional["Match"]:
        return self._exec(_subject_of(string), pos, endpos, 2, False)

    def finditer(self, string: str, pos: int = 0, endpos: int = 9223372036854775807) -> List["Match"]:
        subj = _subject_of(string)
        out: List[Match] = []
        if endpos > len(subj.codes):
            endpos = len(subj.codes)
        noempty = False
        while pos <= endpos:
            m = self._exec(subj, pos, endpos, 2, noempty)
            if m is None:
                break
            out.append(m)
            e = m._caps[1]
            noempty = e == m._caps[0]
            pos = e
        return out

    def findall(self, string: str, pos: int = 0, endpos: int = 9223372036854775807) -> List[Any]:
        out: List[Any] = []
        for m in self.finditer(string, pos, endpos):
            if self.groups == 0:
                out.append(m._get(0, ""))
            elif self.groups == 1:
                out.append(m._get(1, ""))
            else:
                gs: List[Any] = []
                for g in range(1, self.groups + 1):
                    gs.append(m._get(g, ""))
                out.append(_tuple(gs))
        return out

    def split(self, string: str, maxsplit: int = 0) -> List[Any]:
        subj = _subject_of(string)
        n_codes = len(subj.codes)
        out: List[Any] = []
        last = 0
        pos = 0
        n = 0
        noempty = False
        while maxsplit <= 0 or n < maxsplit:
            m = self._exec(subj, pos, n_codes, 2, noempty)
            if m is None:
                break
            b = m._caps[0]
            e = m._caps[1]
            out.append(subj.substr(last, b))
            for g in range(1, self.groups + 1):
                out.append(m._get(g, None))
            n += 1
            noempty = e == b
            last = e
            pos = e
        out.append(subj.substr(last, n_codes))
        return out

    def _template(self, repl: str) -> _Template:
        if repl in self._templates:
            return self._templates[repl]
        t = _template_of(repl, self.groups, self._groupindex)
        self._templates[repl] = t
        return t

    def subn(self, repl: Any, string: str, count: int = 0) -> Tuple[str, int]:
        subj = _subject_of(string)
        n_codes = len(subj.codes)
        tmpl: Optional[_Template] = None
        literal: Optional[str] = None
        if isinstance(repl, str):
            t = self._template(repl)
            if len(t.parts) == 1 and t.index[0] < 0:
                literal = t.parts[0]
            elif len(t.parts) == 0:
                literal = ""
            else:
                tmpl = t
        pieces: List[str] = []
        i = 0
        n = 0
        pos = 0
        noempty = False
        while count <= 0 or n < count:
            m = self._exec(subj, pos, n_codes, 2, noempty)
            if m is None:
                break
            b = m._caps[0]
            e = m._caps[1]
            if i < b:
                pieces.append(subj.substr(i, b))
            if literal is not None:
                pieces.append(literal)
            elif tmpl is not None:
                pieces.append(_expand(tmpl, m))
            else:
                r = repl(m)
                if r is not None:
                    if not isinstance(r, str):
                        raise TypeError("sequence item " + str(len(pieces)) + ": expected str instance, " + type(r).__name__ + " found")
                    pieces.append(r)
            i = e
            n += 1
            noempty = e == b
            pos = e
        if i < n_codes:
            pieces.append(subj.substr(i, n_codes))
        return ("".join(pieces), n)

    def sub(self, repl: Any, string: str, count: int = 0) -> str:
        return self.subn(repl, string, count)[0]


class Match:
    def __init__(self, pattern: Pattern, subj: _Subject, pos: int, endpos: int, caps: List[int], last: int):
        self.re = pattern
        self.string = subj.text
        self._subj = subj
        self.pos = pos
        self.endpos = endpos
        self._caps = caps
        self.lastindex: Optional[int] = None
        self.lastgroup: Optional[str] = None
        if last >= 0:
            self.lastindex = last
            if last in pattern._names:
                self.lastgroup = pattern._names[last]

    def _index(self, g: Any) -> int:
        if isinstance(g, int):
            if 0 <= g and g <= self.re.groups:
                return g
        elif isinstance(g, str):
            gi = self.re._groupindex
            if g in gi:
                return gi[g]
        raise IndexError("no such group")

    def _get(self, i: int, default: Any) -> Any:
        a = self._caps[2 * i]
        b = self._caps[2 * i + 1]
        if a < 0 or b < 0:
            return default
        return self._subj.substr(a, b)

    def group(self, *args: Any) -> Any:
        if len(args) == 0:
            return self._get(0, None)
        if len(args) == 1:
            return self._get(self._index(args[0]), None)
        out: List[Any] = []
        for g in args:
            out.append(self._get(self._index(g), None))
        return _tuple(out)

    def __getitem__(self, g: Any) -> Any:
        return self._get(self._index(g), None)

    def groups(self, default: Any = None) -> Any:
        out: List[Any] = []
        for g in range(1, self.re.groups + 1):
            out.append(self._get(g, default))
        return _tuple(out)

    def groupdict(self, default: Any = None) -> Dict[str, Any]:
        out: Dict[str, Any] = {}
        gi = self.re._groupindex
        for name in gi:
            out[name] = self._get(gi[name], default)
        return out

    def start(self, group: Any = 0) -> int:
        return self._caps[2 * self._index(group)]

    def end(self, group: Any = 0) -> int:
        return self._caps[2 * self._index(group) + 1]

    def span(self, group: Any = 0) -> Tuple[int, int]:
        i = self._index(group)
        return (self._caps[2 * i], self._caps[2 * i + 1])

    def expand(self, template: str) -> str:
        return _expand(self.re._template(template), self)

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        return "<re.Match object; span=(" + str(self._caps[0]) + ", " + str(self._caps[1]) + "), match=" + repr(self._get(0, ""))[:50] + ">"

    def __str__(self) -> str:
        return self.__repr__()




# ---------------------------------------------------------------------------------------------
# Replacement templates (parsed by re/_template.ts)

def _expand(t: _Template, m: Match) -> str:
    out: List[str] = []
    for i in range(len(t.parts)):
        g = t.index[i]
        if g < 0:
            out.append(t.parts[i])
        else:
            v = m._get(g, "")
            out.append(v)
    return "".join(out)


# ---------------------------------------------------------------------------------------------
# The module's functions

class _Cache:
    def __init__(self):
        self.patterns: Dict[str, Pattern] = {}


_CACHE = _Cache()


def _compile_cached(pattern: Any, flags: int) -> Pattern:
    if isinstance(pattern, Pattern):
        if flags != 0:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, str):
        raise TypeError("first argument must be string or compiled pattern")
    key = str(flags) + ":" + pattern
    cache = _CACHE.patterns
    if key in cache:
        return cache[key]
    p = Pattern(pattern, flags)
    if (flags & DEBUG) == 0:
        if len(cache) >= _MAXCACHE:
            for k in list(cache.keys())[:1]:
                del cache[k]
        cache[key] = p
    return p


def compile(pattern: Any, flags: int = 0) -> Pattern:
    return _compile_cached(pattern, flags)


def match(pattern: Any, string: str, flags: int = 0) -> Optional[Match]:
    return _compile_cached(pattern, flags).match(string)


def fullmatch(pattern: Any, string: str, flags: int = 0) -> Optional[Match]:
    return _compile_cached(pattern, flags).fullmatch(string)


def search(pattern: Any, string: str, flags: int = 0) -> Optional[Match]:
    return _compile_cached(pattern, flags).search(string)


def sub(pattern: Any, repl: Any, string: str, count: int = 0, flags: int = 0) -> str:
    return _compile_cached(pattern, flags).subn(repl, string, count)[0]


def subn(pattern: Any, repl: Any, string: str, count: int = 0, flags: int = 0) -> Tuple[str, int]:
    return _compile_cached(pattern, flags).subn(repl, string, count)


def split(pattern: Any, string: str, maxsplit: int = 0, flags: int = 0) -> List[Any]:
    return _compile_cached(pattern, flags).split(string, maxsplit)


def findall(pattern: Any, string: str, flags: int = 0) -> List[Any]:
    return _compile_cached(pattern, flags).findall(string)


def finditer(pattern: Any, string: str, flags: int = 0) -> List[Match]:
    return _compile_cached(pattern, flags).finditer(string)


def purge() -> None:
    _CACHE.patterns.clear()


def escape(pattern: str) -> str:
    out: List[str] = []
    for ch in pattern:
        if ch in "()[]{}?*+-|^$\\.&~# \t\n\r\v\f":
            out.append("\\")
        out.append(ch)
    return "".join(out)
