# re/_parser.ts: the pattern parser, a port of CPython's re/_parser.py. It turns a pattern into a
# tree (re/_tree.ts) and raises _PatternError (re.error to the user) with CPython's messages and
# positions: escapes, classes, quantifiers, groups and their extensions, inline flags.
from typing import List, Tuple
from re._constants import TEMPLATE, IGNORECASE, LOCALE, MULTILINE, DOTALL, UNICODE, VERBOSE, ASCII, \
    _MAXREPEAT, _MAXGROUPS, _N_SEQ, _N_BRANCH, _N_LIT, _N_NLIT, _N_AT, _N_GROUP, _N_REPEAT, \
    _N_REF, _N_ASSERT, _N_ATOMIC, _N_COND, _N_CAT, _N_ANY, _N_IN, _AT_BEGIN, _AT_BEGIN_LINE, _AT_END, \
    _AT_END_LINE, _AT_BEGIN_STRING, _AT_END_STRING, _AT_BOUNDARY, _AT_NON_BOUNDARY, _C_DIGIT, _C_NOT_DIGIT, \
    _C_SPACE, _C_NOT_SPACE, _C_WORD, _C_NOT_WORD, _LAZY, _POSSESSIVE
from re._tokenizer import _Source, _isin, _isidentifier, _isdecimal, _simple_escape, _DIGITS, _OCTDIGITS, \
    _HEXDIGITS, _ASCIILETTERS
from re._tree import _Node, _State, _seq, _width


_SPECIAL_CHARS = ".\\[{()*+?^$|"
_REPEAT_CHARS = "*+?{"
_WHITESPACE = " \t\n\r\v\f"
_FLAG_CHARS = "iLmsxatu"
_TYPE_FLAGS = 256 | 4 | 32
_GLOBAL_FLAGS = 128 | 1


def _flag_of(c: str) -> int:
    if c == "i":
        return IGNORECASE
    if c == "L":
        return LOCALE
    if c == "m":
        return MULTILINE
    if c == "s":
        return DOTALL
    if c == "x":
        return VERBOSE
    if c == "a":
        return ASCII
    if c == "t":
        return TEMPLATE
    return UNICODE



def _category(escape: str) -> int:
    c = escape[1]
    if c == "d":
        return _C_DIGIT
    if c == "D":
        return _C_NOT_DIGIT
    if c == "s":
        return _C_SPACE
    if c == "S":
        return _C_NOT_SPACE
    if c == "w":
        return _C_WORD
    if c == "W":
        return _C_NOT_WORD
    return -1



def _hex_escape(source: _Source, escape: str) -> int:
    # \xHH, \uHHHH, \UHHHHHHHH (escape is the two characters read so far); -1 if not one
    c = escape[1]
    n = 0
    if c == "x":
        n = 2
    elif c == "u":
        n = 4
    elif c == "U":
        n = 8
    else:
        return -1
    escape = escape + source.getwhile(n, _HEXDIGITS)
    if len(escape) != n + 2:
        raise source.err("incomplete escape " + escape, len(escape))
    v = int(escape[2:], 16)
    if c == "U" and v > 0x10FFFF:
        raise source.err("bad escape " + escape, len(escape))
    return v


def _class_escape(source: _Source, escape: str, flags: int) -> _Node:
    # an escape inside a class: a literal (_N_LIT) or a category (_N_CAT)
    v = _simple_escape(escape)
    if v >= 0:
        return _Node(_N_LIT, v, flags)
    cat = _category(escape)
    if cat >= 0:
        return _Node(_N_CAT, cat, flags)
    c = escape[1]
    v = _hex_escape(source, escape)
    if v >= 0:
        return _Node(_N_LIT, v, flags)
    if c == "N":
        raise source.err("bad escape " + escape + " (named Unicode escapes are not supported by tsrun's re)", len(escape))
    if _isin(c, _OCTDIGITS):
        escape = escape + source.getwhile(2, _OCTDIGITS)
        v = int(escape[1:], 8)
        if v > 0o377:
            raise source.err("octal escape value " + escape + " outside of range 0-0o377", len(escape))
        return _Node(_N_LIT, v, flags)
    if _isin(c, _DIGITS):
        raise source.err("bad escape " + escape, len(escape))
    if len(escape) == 2:
        if _isin(c, _ASCIILETTERS):
            raise source.err("bad escape " + escape, len(escape))
        return _Node(_N_LIT, ord(c), flags)
    raise source.err("bad escape " + escape, len(escape))


def _cat_node(state: _State, cat: int, flags: int) -> _Node:
    return _Node(_N_IN, state.new_set(False, [], [], [cat]), flags)


def _escape(source: _Source, escape: str, state: _State, flags: int) -> _Node:
    # an escape in the expression
    c = escape[1]
    if c == "A":
        return _Node(_N_AT, _AT_BEGIN_STRING, flags)
    if c == "Z":
        return _Node(_N_AT, _AT_END_STRING, flags)
    if c == "b":
        return _Node(_N_AT, _AT_BOUNDARY, flags)
    if c == "B":
        return _Node(_N_AT, _AT_NON_BOUNDARY, flags)
    cat = _category(escape)
    if cat >= 0:
        return _cat_node(state, cat, flags)
    v = _simple_escape(escape)
    if v >= 0:
        return _Node(_N_LIT, v, flags)
    v = _hex_escape(source, escape)
    if v >= 0:
        return _Node(_N_LIT, v, flags)
    if c == "N":
        raise source.err("bad escape " + escape + " (named Unicode escapes are not supported by tsrun's re)", len(escape))
    if c == "0":
        escape = escape + source.getwhile(2, _OCTDIGITS)
        return _Node(_N_LIT, int(escape[1:], 8), flags)
    if _isin(c, _DIGITS):
        # octal escape *or* decimal group reference (sigh)
        if _isin(source.nxt, _DIGITS):
            escape = escape + source.get()
            if _isin(escape[1], _OCTDIGITS) and _isin(escape[2], _OCTDIGITS) and _isin(source.nxt, _OCTDIGITS):
                # got three octal digits; this is an octal escape
                escape = escape + source.get()
                v = int(escape[1:], 8)
                if v > 0o377:
                    raise source.err("octal escape value " + escape + " outside of range 0-0o377", len(escape))
                return _Node(_N_LIT, v, flags)
        # not an octal escape, so this is a group reference
        group = int(escape[1:])
        if group < state.groups():
            if not state.checkgroup(group):
                raise source.err("cannot refer to an open group", len(escape))
            state.checklookbehindgroup(group, source)
            return _Node(_N_REF, group, flags)
        raise source.err("invalid group reference " + str(group), len(escape) - 1)
    if len(escape) == 2:
        if _isin(c, _ASCIILETTERS):
            raise source.err("bad escape " + escape, len(escape))
        return _Node(_N_LIT, ord(c), flags)
    raise source.err("bad escape " + escape, len(escape))


def _parse_sub(source: _Source, state: _State, verbose: bool, nested: int, addf: int, delf: int) -> _Node:
    # an alternation: a|b|c
    items: List[_Node] = []
    while True:
        items.append(_parse(source, state, verbose, nested + 1, nested == 0 and len(items) == 0, addf, delf))
        if not source.match("|"):
            break
        if nested == 0:
            verbose = (state.flags & VERBOSE) != 0
    if len(items) == 1:
        return items[0]
    # a branch of single characters is a class (CPython's parser does the same): a|b|[cd] is [a-d]
    los: List[int] = []
    his: List[int] = []
    cats: List[int] = []
    fl = -1
    chars = True
    for it in items:
        if it.kind != _N_SEQ or len(it.kids) != 1:
            chars = False
            break
        k = it.kids[0]
        if fl >= 0 and k.flags != fl:
            chars = False
            break
        fl = k.flags
        if k.kind == _N_LIT:
            los.append(k.val)
            his.append(k.val)
        elif k.kind == _N_IN and not state.sets[k.val].negate:
            cs = state.sets[k.val]
            los.extend(cs.los)
            his.extend(cs.his)
            cats.extend(cs.cats)
        else:
            chars = False
            break
    if chars:
        return _seq([_Node(_N_IN, state.new_set(False, los, his, cats), fl)], state.flags)
    n = _Node(_N_BRANCH, 0, state.flags)
    n.kids = items
    return n


def _parse_flags(source: _Source, state: _State, char: str) -> Tuple[int, int, bool]:
    # (add_flags, del_flags, is_global)
    add_flags = 0
    del_flags = 0
    if char != "-":
        while True:
            flag = _flag_of(char)
            if char == "L":
                raise source.err("bad inline flags: cannot use 'L' flag with a str pattern", 0)
            add_flags |= flag
            if (flag & _TYPE_FLAGS) != 0 and (add_flags & _TYPE_FLAGS) != flag:
                raise source.err("bad inline flags: flags 'a', 'u' and 'L' are incompatible", 0)
            char = source.get()
            if char == "":
                raise source.err("missing -, : or )", 0)
            if _isin(char, ")-:"):
                break
            if not _isin(char, _FLAG_CHARS):
                if len(char) == 1 and char.isalpha():
                    raise source.err("unknown flag", len(char))
                raise source.err("missing -, : or )", len(char))
    if char == ")":
        state.flags |= add_flags
        return (0, 0, True)
    if (add_flags & _GLOBAL_FLAGS) != 0:
        raise source.err("bad inline flags: cannot turn on global flag", 1)
    if char == "-":
        char = source.get()
        if char == "":
            raise source.err("missing flag", 0)
        if not _isin(char, _FLAG_CHARS):
            if len(char) == 1 and char.isalpha():
                raise source.err("unknown flag", len(char))
            raise source.err("missing flag", len(char))
        while True:
            flag = _flag_of(char)
            if (flag & _TYPE_FLAGS) != 0:
                raise source.err("bad inline flags: cannot turn off flags 'a', 'u' and 'L'", 0)
            del_flags |= flag
            char = source.get()
            if char == "":
                raise source.err("missing :", 0)
            if char == ":":
                break
            if not _isin(char, _FLAG_CHARS):
                if len(char) == 1 and char.isalpha():
                    raise source.err("unknown flag", len(char))
                raise source.err("missing :", len(char))
    if (del_flags & _GLOBAL_FLAGS) != 0:
        raise source.err("bad inline flags: cannot turn off global flag", 1)
    if (add_flags & del_flags) != 0:
        raise source.err("bad inline flags: flag turned on and off", 1)
    return (add_flags, del_flags, False)


def _parse_class(source: _Source, state: _State, flags: int) -> _Node:
    here = source.tell() - 1
    kinds: List[int] = []   # 0 literal/range (lo, hi), 1 category (lo)
    los: List[int] = []
    his: List[int] = []
    negate = source.match("^")
    while True:
        this = source.get()
        if this == "":
            raise source.err("unterminated character set", source.tell() - here)
        if this == "]" and len(kinds) > 0:
            break
        code1 = _class_escape(source, this, flags) if this[0] == "\\" else _Node(_N_LIT, ord(this), flags)
        if source.match("-"):
            # potential range
            that = source.get()
            if that == "":
                raise source.err("unterminated character set", source.tell() - here)
            if that == "]":
                kinds.append(0 if code1.kind == _N_LIT else 1)
                los.append(code1.val)
                his.append(code1.val)
                kinds.append(0)
                los.append(45)
                his.append(45)
                break
            code2 = _class_escape(source, that, flags) if that[0] == "\\" else _Node(_N_LIT, ord(that), flags)
            if code1.kind != _N_LIT or code2.kind != _N_LIT:
                raise source.err("bad character range " + this + "-" + that, len(this) + 1 + len(that))
            lo = code1.val
            hi = code2.val
            if hi < lo:
                raise source.err("bad character range " + this + "-" + that, len(this) + 1 + len(that))
            kinds.append(0)
            los.append(lo)
            his.append(hi)
        else:
            kinds.append(0 if code1.kind == _N_LIT else 1)
            los.append(code1.val)
            his.append(code1.val)
    if len(kinds) == 1 and kinds[0] == 0 and los[0] == his[0]:
        return _Node(_N_NLIT if negate else _N_LIT, los[0], flags)
    rlo: List[int] = []
    rhi: List[int] = []
    cats: List[int] = []
    for i in range(len(kinds)):
        if kinds[i] == 0:
            rlo.append(los[i])
            rhi.append(his[i])
        else:
            cats.append(los[i])
    return _Node(_N_IN, state.new_set(negate, rlo, rhi, cats), flags)


def _parse_repeat(source: _Source, state: _State, items: List[_Node], this: str, flags: int) -> bool:
    # a quantifier after items[-1]; False when `{` turned out to be a literal
    here = source.tell()
    mn = 0
    mx = _MAXREPEAT
    if this == "?":
        mx = 1
    elif this == "+":
        mn = 1
    elif this == "{":
        if source.nxt == "}":
            items.append(_Node(_N_LIT, 123, flags))
            return True
        lo = ""
        hi = ""
        while _isin(source.nxt, _DIGITS):
            lo = lo + source.get()
        if source.match(","):
            while _isin(source.nxt, _DIGITS):
                hi = hi + source.get()
        else:
            hi = lo
        if not source.match("}"):
            items.append(_Node(_N_LIT, 123, flags))
            source.seek(here)
            return True
        if lo != "":
            if len(lo) > 10 or int(lo) >= _MAXREPEAT:
                raise OverflowError("the repetition number is too large")
            mn = int(lo)
        if hi != "":
            if len(hi) > 10 or int(hi) >= _MAXREPEAT:
                raise OverflowError("the repetition number is too large")
            mx = int(hi)
            if mx < mn:
                raise source.err("min repeat greater than max repeat", source.tell() - here)
    if len(items) == 0 or items[-1].kind == _N_AT:
        raise source.err("nothing to repeat", source.tell() - here + len(this))
    item = items[-1]
    if item.kind == _N_REPEAT:
        raise source.err("multiple repeat", source.tell() - here + len(this))
    n = _Node(_N_REPEAT, 0, flags)
    n.lo = mn
    n.hi = mx
    n.kids = [item]
    if source.match("?"):
        n.mode = _LAZY
    elif source.match("+"):
        n.mode = _POSSESSIVE
    items[-1] = n
    return True


def _parse(source: _Source, state: _State, verbose: bool, nested: int, first: bool, addf: int, delf: int) -> _Node:
    # a simple pattern: a sequence of items
    items: List[_Node] = []
    while True:
        this = source.nxt
        if this == "" or this == "|" or this == ")":
            break
        source.advance()
        flags = (state.flags | addf) & ~delf
        if verbose:
            # skip whitespace and comments
            if _isin(this, _WHITESPACE):
                continue
            if this == "#":
                while True:
                    this = source.get()
                    if this == "" or this == "\n":
                        break
                continue

        if this[0] == "\\":
            items.append(_escape(source, this, state, flags))
        elif not _isin(this, _SPECIAL_CHARS):
            items.append(_Node(_N_LIT, ord(this), flags))
        elif this == "[":
            items.append(_parse_class(source, state, flags))
        elif _isin(this, _REPEAT_CHARS):
            _parse_repeat(source, state, items, this, flags)
        elif this == ".":
            items.append(_Node(_N_ANY, 0, flags))
        elif this == "(":
            start = source.tell() - 1
            capture = True
            atomic = False
            name = ""
            add_flags = 0
            del_flags = 0
            if source.match("?"):
                # options
                char = source.get()
                if char == "":
                    raise source.err("unexpected end of pattern", 0)
                if char == "P":
                    # python extensions
                    if source.match("<"):
                        # named group: skip forward to end of name
                        name = source.getuntil(">", "group name")
                        source.checkgroupname(name, 1)
                    elif source.match("="):
                        # named backreference
                        name = source.getuntil(")", "group name")
                        source.checkgroupname(name, 1)
                        if name not in state.groupdict:
                            raise source.err("unknown group name " + repr(name), len(name) + 1)
                        gid = state.groupdict[name]
                        if not state.checkgroup(gid):
                            raise source.err("cannot refer to an open group", len(name) + 1)
                        state.checklookbehindgroup(gid, source)
                        items.append(_Node(_N_REF, gid, flags))
                        continue
                    else:
                        char = source.get()
                        if char == "":
                            raise source.err("unexpected end of pattern", 0)
                        raise source.err("unknown extension ?P" + char, len(char) + 2)
                elif char == ":":
                    # non-capturing group
                    capture = False
                elif char == "#":
                    # comment
                    while True:
                        if source.nxt == "":
                            raise source.err("missing ), unterminated comment", source.tell() - start)
                        if source.get() == ")":
                            break
                    continue
                elif _isin(char, "=!<"):
                    # lookahead assertions
                    direction = 1
                    lookbehindgroups = state.lookbehindgroups
                    if char == "<":
                        char = source.get()
                        if char == "":
                            raise source.err("unexpected end of pattern", 0)
                        if not _isin(char, "=!"):
                            raise source.err("unknown extension ?<" + char, len(char) + 2)
                        direction = -1  # lookbehind
                        if lookbehindgroups < 0:
                            state.lookbehindgroups = state.groups()
                    p = _parse_sub(source, state, verbose, nested + 1, addf, delf)
                    if direction < 0:
                        if lookbehindgroups < 0:
                            state.lookbehindgroups = -1
                    if not source.match(")"):
                        raise source.err("missing ), unterminated subpattern", source.tell() - start)
                    a = _Node(_N_ASSERT, direction, flags)
                    a.mode = 0 if char == "=" else 1
                    a.kids = [p]
                    items.append(a)
                    continue
                elif char == "(":
                    # conditional backreference group
                    condname = source.getuntil(")", "group name")
                    condgroup = 0
                    if _isidentifier(condname):
                        if condname not in state.groupdict:
                            raise source.err("unknown group name " + repr(condname), len(condname) + 1)
                        condgroup = state.groupdict[condname]
                    else:
                        if not _isdecimal(condname):
                            raise source.err("bad character in group name " + repr(condname), len(condname) + 1)
                        if len(condname) > 10 or int(condname) >= _MAXGROUPS:
                            raise source.err("invalid group reference " + condname, len(condname) + 1)
                        condgroup = int(condname)
                        if condgroup == 0:
                            raise source.err("bad group number", len(condname) + 1)
                        if condgroup not in state.grouprefpos:
                            state.grouprefpos[condgroup] = source.tell() - len(condname) - 1
                    state.checklookbehindgroup(condgroup, source)
                    item_yes = _parse(source, state, verbose, nested + 1, False, addf, delf)
                    item_no = _seq([], flags)
                    if source.match("|"):
                        item_no = _parse(source, state, verbose, nested + 1, False, addf, delf)
                        if source.nxt == "|":
                            raise source.err("conditional backref with more than two branches", 0)
                    if not source.match(")"):
                        raise source.err("missing ), unterminated subpattern", source.tell() - start)
                    cn = _Node(_N_COND, condgroup, flags)
                    cn.kids = [item_yes, item_no]
                    items.append(cn)
                    continue
                elif char == ">":
                    # non-capturing, atomic group
                    capture = False
                    atomic = True
                elif _isin(char, _FLAG_CHARS) or char == "-":
                    # flags
                    fl = _parse_flags(source, state, char)
                    if fl[2]:  # global flags
                        if not first or len(items) > 0:
                            raise source.err("global flags not at the start of the expression", source.tell() - start)
                        verbose = (state.flags & VERBOSE) != 0
                        continue
                    add_flags = fl[0]
                    del_flags = fl[1]
                    capture = False
                else:
                    raise source.err("unknown extension ?" + char, len(char) + 1)

            # parse group contents
            group = -1
            if capture:
                group = state.groups()
                if name != "":
                    if name in state.groupdict:
                        raise source.err("redefinition of group name " + repr(name) + " as group " + str(group) + "; was group " + str(state.groupdict[name]), len(name) + 1)
                    state.groupdict[name] = group
                state.gw_lo.append(0)
                state.gw_hi.append(0)
                state.gw_set.append(False)
            sub_verbose = (verbose or (add_flags & VERBOSE) != 0) and not ((del_flags & VERBOSE) != 0)
            p = _parse_sub(source, state, sub_verbose, nested + 1, (addf | add_flags) & ~del_flags, (delf | del_flags) & ~add_flags)
            if not source.match(")"):
                raise source.err("missing ), unterminated subpattern", source.tell() - start)
            if group >= 0:
                w = _width(p, state)
                state.gw_lo[group] = w[0]
                state.gw_hi[group] = w[1]
                state.gw_set[group] = True
                g = _Node(_N_GROUP, group, flags)
                g.kids = [p]
                items.append(g)
            elif atomic:
                g = _Node(_N_ATOMIC, 0, flags)
                g.kids = [p]
                items.append(g)
            elif p.kind == _N_SEQ:
                items.append(p)
            else:
                items.append(_seq([p], flags))
        elif this == "^":
            items.append(_Node(_N_AT, _AT_BEGIN_LINE if (flags & MULTILINE) != 0 else _AT_BEGIN, flags))
        elif this == "$":
            items.append(_Node(_N_AT, _AT_END_LINE if (flags & MULTILINE) != 0 else _AT_END, flags))

    # unpack non-capturing groups
    out: List[_Node] = []
    for it in items:
        if it.kind == _N_SEQ:
            for k in it.kids:
                out.append(k)
        else:
            out.append(it)
    return _seq(out, state.flags)
