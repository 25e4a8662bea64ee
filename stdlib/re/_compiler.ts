# re/_compiler.ts: compiles the parse tree (re/_tree.ts) into a _Prog, the program that
# re/_engine.ts runs: parallel int lists of opcodes and their arguments, a table of
# single-character repeats, the classes with their ASCII tables, the first-character table used
# to skip start positions when searching, and whether the pattern is anchored at the start.
from typing import Dict, List, Tuple
from re._constants import _PatternError, IGNORECASE, LOCALE, DOTALL, UNICODE, VERBOSE, ASCII, _MAXREPEAT, \
    _N_SEQ, _N_BRANCH, _N_LIT, _N_NLIT, _N_ANY, _N_IN, _N_AT, _N_GROUP, _N_REPEAT, _N_REF, _N_ASSERT, \
    _N_ATOMIC, _N_COND, _AT_BEGIN, _AT_BEGIN_STRING, _LAZY, _POSSESSIVE
from re._charset import _CharSet, _lower, _upper
from re._parser import _parse_sub
from re._tree import _Node, _State, _width
from re._tokenizer import _Source

_MAXPROG = 400000

_OP_CHAR = 0       # a1: code point
_OP_IN = 1         # a1: charset
_OP_RPT = 2        # a1: repeat-table entry (a repeat of one character)
_OP_SPLIT = 3      # try a1, then a2
_OP_JMP = 4        # a1
_OP_SAVE = 5       # a1: slot (a group's start)
_OP_SAVE_END = 6   # a1: slot (a group's end), a2: group (lastindex)
_OP_ANY = 7
_OP_ANYALL = 8
_OP_NCHAR = 9      # a1: code point
_OP_AT = 10        # a1: AT kind, a2: 1 for ASCII word boundaries
_OP_MATCH = 11
_OP_MARK = 12      # a1: register slot := pos (-1 if a2 is 1)
_OP_PROGRESS = 13  # a1: register slot; go to a2 if no character was consumed since MARK
_OP_ASSERT = 14    # sub-program follows; a1: continuation, a2: 0 (?=) 1 (?!) 2 (?<=) 3 (?<!), a3: width
_OP_ATOMIC = 15    # sub-program follows; a1: continuation
_OP_SUCCEED = 16   # end of a sub-program
_OP_REF = 17       # a1: group, a2: 1 ignore case, a3: 1 ASCII
_OP_COND = 18      # a1: group, a2: the no-branch
_OP_FAIL = 19

# repeat items
_R_CHAR = 0
_R_NCHAR = 1
_R_ANY = 2
_R_ANYALL = 3
_R_IN = 4


class _Prog:
    def __init__(self, state: _State, ngroups: int):
        self.ops: List[int] = []
        self.a1: List[int] = []
        self.a2: List[int] = []
        self.a3: List[int] = []
        self.sets = state.sets
        self.tbls: List[List[bool]] = []
        self.r_item: List[int] = []
        self.r_arg: List[int] = []
        self.r_min: List[int] = []
        self.r_max: List[int] = []
        self.r_mode: List[int] = []
        self.r_next: List[int] = []
        self.ngroups = ngroups
        self.lastslot = 2 * ngroups + 2
        self.nslots = self.lastslot + 1
        self.first: List[bool] = []   # 129 entries (128: any non-ASCII) when known
        self.anchored = False
        self.state = state

    def emit(self, op: int, a1: int, a2: int, a3: int) -> int:
        self.ops.append(op)
        self.a1.append(a1)
        self.a2.append(a2)
        self.a3.append(a3)
        if len(self.ops) > _MAXPROG:
            raise _PatternError("pattern too large: tsrun's re expands counted repeats of groups")
        return len(self.ops) - 1

    def here(self) -> int:
        return len(self.ops)


def _has_case(c: int, asc: bool) -> bool:
    return _lower(c, asc) != c or _upper(c, asc) != c


def _single(n: _Node) -> _Node:
    # the one-character node a repeat body reduces to, or the body itself
    while n.kind == _N_SEQ and len(n.kids) == 1:
        n = n.kids[0]
    return n


def _char_op(p: _Prog, n: _Node) -> Tuple[int, int]:
    # a one-character node as (R_ kind, arg); ignore-case literals become sets
    k = n.kind
    ic = (n.flags & IGNORECASE) != 0
    asc = (n.flags & ASCII) != 0
    if k == _N_LIT or k == _N_NLIT:
        if ic and _has_case(n.val, asc):
            cs = _CharSet(k == _N_NLIT, [n.val], [n.val], [])
            cs.finish(n.flags)
            p.sets.append(cs)
            return (_R_IN, len(p.sets) - 1)
        return (_R_CHAR if k == _N_LIT else _R_NCHAR, n.val)
    if k == _N_ANY:
        return (_R_ANYALL if (n.flags & DOTALL) != 0 else _R_ANY, 0)
    if len(p.sets[n.val].tbl) == 0:
        p.sets[n.val].finish(n.flags)
    return (_R_IN, n.val)


def _is_char(n: _Node) -> bool:
    k = n.kind
    return k == _N_LIT or k == _N_NLIT or k == _N_ANY or k == _N_IN


def _emit_char(p: _Prog, n: _Node) -> None:
    ci = _char_op(p, n)
    it = ci[0]
    if it == _R_CHAR:
        p.emit(_OP_CHAR, ci[1], 0, 0)
    elif it == _R_NCHAR:
        p.emit(_OP_NCHAR, ci[1], 0, 0)
    elif it == _R_ANY:
        p.emit(_OP_ANY, 0, 0, 0)
    elif it == _R_ANYALL:
        p.emit(_OP_ANYALL, 0, 0, 0)
    else:
        p.emit(_OP_IN, ci[1], 0, 0)


def _compile_node(p: _Prog, n: _Node) -> None:
    k = n.kind
    if k == _N_SEQ:
        for kid in n.kids:
            _compile_node(p, kid)
    elif _is_char(n):
        _emit_char(p, n)
    elif k == _N_GROUP:
        p.emit(_OP_SAVE, 2 * n.val, 0, 0)
        _compile_node(p, n.kids[0])
        p.emit(_OP_SAVE_END, 2 * n.val + 1, n.val, 0)
    elif k == _N_BRANCH:
        jumps: List[int] = []
        last = len(n.kids) - 1
        for i in range(last + 1):
            if i < last:
                s = p.emit(_OP_SPLIT, 0, 0, 0)
                p.a1[s] = s + 1
                _compile_node(p, n.kids[i])
                jumps.append(p.emit(_OP_JMP, 0, 0, 0))
                p.a2[s] = p.here()
            else:
                _compile_node(p, n.kids[i])
        for j in jumps:
            p.a1[j] = p.here()
    elif k == _N_AT:
        p.emit(_OP_AT, n.val, 1 if (n.flags & ASCII) != 0 else 0, 0)
    elif k == _N_REPEAT:
        _compile_repeat(p, n)
    elif k == _N_REF:
        p.emit(_OP_REF, n.val, 1 if (n.flags & IGNORECASE) != 0 else 0, 1 if (n.flags & ASCII) != 0 else 0)
    elif k == _N_ASSERT:
        kind = n.mode
        width = 0
        if n.val < 0:
            kind += 2
            w = _width(n.kids[0], p.state)
            if w[0] != w[1]:
                raise _PatternError("look-behind requires fixed-width pattern")
            width = w[0]
        s = p.emit(_OP_ASSERT, 0, kind, width)
        _compile_node(p, n.kids[0])
        p.emit(_OP_SUCCEED, 0, 0, 0)
        p.a1[s] = p.here()
    elif k == _N_ATOMIC:
        s = p.emit(_OP_ATOMIC, 0, 0, 0)
        _compile_node(p, n.kids[0])
        p.emit(_OP_SUCCEED, 0, 0, 0)
        p.a1[s] = p.here()
    elif k == _N_COND:
        s = p.emit(_OP_COND, n.val, 0, 0)
        _compile_node(p, n.kids[0])
        j = p.emit(_OP_JMP, 0, 0, 0)
        p.a2[s] = p.here()
        _compile_node(p, n.kids[1])
        p.a1[j] = p.here()


def _compile_repeat(p: _Prog, n: _Node) -> None:
    body = _single(n.kids[0])
    mn = n.lo
    mx = n.hi
    if _is_char(body):
        ci = _char_op(p, body)
        p.r_item.append(ci[0])
        p.r_arg.append(ci[1])
        p.r_min.append(mn)
        p.r_max.append(mx)
        p.r_mode.append(n.mode)
        p.r_next.append(-1)
        p.emit(_OP_RPT, len(p.r_item) - 1, 0, 0)
        return
    if n.mode == _POSSESSIVE:
        s = p.emit(_OP_ATOMIC, 0, 0, 0)
        _compile_loop(p, body, mn, mx, False)
        p.emit(_OP_SUCCEED, 0, 0, 0)
        p.a1[s] = p.here()
        return
    _compile_loop(p, body, mn, mx, n.mode == _LAZY)


def _compile_loop(p: _Prog, body: _Node, mn: int, mx: int, lazy: bool) -> None:
    # A body that can match empty keeps in a register where its last iteration began: as in
    # CPython, an optional iteration is not tried when the last one consumed nothing.
    nullable = _width(body, p.state)[0] == 0
    reg = -1
    if nullable:
        reg = p.nslots
        p.nslots += 1
        if mn == 0:
            p.emit(_OP_MARK, reg, 1, 0)
    for _ in range(mn):
        if nullable:
            p.emit(_OP_MARK, reg, 0, 0)
        _compile_node(p, body)
    exits: List[int] = []
    splits: List[int] = []
    count = 1 if mx == _MAXREPEAT else mx - mn
    for _ in range(count):
        top = p.here()
        if nullable:
            exits.append(p.emit(_OP_PROGRESS, reg, 0, 0))
        splits.append(p.emit(_OP_SPLIT, 0, 0, 0))
        if nullable:
            p.emit(_OP_MARK, reg, 0, 0)
        _compile_node(p, body)
        if mx == _MAXREPEAT:
            p.emit(_OP_JMP, top, 0, 0)
    out = p.here()
    for s in splits:
        if lazy:
            p.a1[s] = out
            p.a2[s] = s + 1
        else:
            p.a1[s] = s + 1
            p.a2[s] = out
    for e in exits:
        p.a2[e] = out


def _first(p: _Prog, n: _Node, acc: List[bool]) -> int:
    # adds to acc the characters n can start with; 1 if n can match empty, 2 if unknown
    k = n.kind
    if _is_char(n):
        ci = _char_op(p, n)
        it = ci[0]
        if it == _R_CHAR:
            acc[ci[1] if ci[1] < 128 else 128] = True
        elif it == _R_IN:
            cs = p.sets[ci[1]]
            for c in range(128):
                if cs.tbl[c]:
                    acc[c] = True
            acc[128] = True
        else:
            for c in range(129):
                if it == _R_ANYALL or (it == _R_ANY and c != 10) or (it == _R_NCHAR and c != ci[1]):
                    acc[c] = True
        return 0
    if k == _N_SEQ:
        for kid in n.kids:
            r = _first(p, kid, acc)
            if r != 1:
                return r
        return 1
    if k == _N_BRANCH or k == _N_COND:
        res = 0
        for kid in n.kids:
            r = _first(p, kid, acc)
            if r == 2:
                return 2
            if r == 1:
                res = 1
        return res
    if k == _N_GROUP or k == _N_ATOMIC:
        return _first(p, n.kids[0], acc)
    if k == _N_REPEAT:
        r = _first(p, n.kids[0], acc)
        if r == 2:
            return 2
        if n.lo == 0:
            return 1
        return r
    if k == _N_AT or k == _N_ASSERT:
        return 1
    return 2


def _compile(pattern: str, flags: int) -> Tuple[_Prog, int, Dict[str, int]]:
    source = _Source(pattern)
    state = _State(flags)
    tree = _parse_sub(source, state, (flags & VERBOSE) != 0, 0, 0, 0)
    fl = state.flags
    if (fl & LOCALE) != 0:
        raise ValueError("cannot use LOCALE flag with a str pattern")
    if (fl & ASCII) == 0:
        fl |= UNICODE
    elif (fl & UNICODE) != 0:
        raise ValueError("ASCII and UNICODE flags are incompatible")
    if source.nxt != "":
        raise source.err("unbalanced parenthesis", 0)
    for g in state.grouprefpos:
        if g >= state.groups():
            raise _PatternError("invalid group reference " + str(g), pattern, state.grouprefpos[g])
    p = _Prog(state, state.groups() - 1)
    _compile_node(p, tree)
    p.emit(_OP_MATCH, 0, 0, 0)
    for s in p.sets:
        if len(s.tbl) == 0:
            s.finish(fl)
        p.tbls.append(s.tbl)
    # a repeat followed by a literal backs off only to where that literal is
    for pc in range(len(p.ops) - 1):
        if p.ops[pc] == _OP_RPT and p.ops[pc + 1] == _OP_CHAR:
            p.r_next[p.a1[pc]] = p.a1[pc + 1]
    acc: List[bool] = []
    for _ in range(129):
        acc.append(False)
    if _first(p, tree, acc) == 0:
        p.first = acc
    kids = tree.kids if tree.kind == _N_SEQ else [tree]
    if len(kids) > 0 and kids[0].kind == _N_AT and (kids[0].val == _AT_BEGIN or kids[0].val == _AT_BEGIN_STRING):
        p.anchored = True
    return (p, fl, state.groupdict)
