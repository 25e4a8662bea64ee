# re/_tree.ts: the parse tree that re/_parser.ts builds and re/_compiler.ts reads: _Node (kinds
# in re/_constants.ts), _State (what a parse learns: flags, inline ones too, group names and
# widths, and the classes, _CharSet, that nodes refer to by index) and _width, CPython's getwidth.
from typing import Dict, List, Tuple
from re._constants import _MAXREPEAT, _N_SEQ, _N_BRANCH, _N_LIT, _N_NLIT, _N_ANY, _N_IN, _N_GROUP, _N_REPEAT, \
    _N_REF, _N_ATOMIC, _N_COND
from re._charset import _CharSet
from re._tokenizer import _Source


class _Node:
    def __init__(self, kind: int, val: int, flags: int):
        self.kind = kind
        self.val = val
        self.flags = flags
        self.lo = 0
        self.hi = 0
        self.mode = 0
        self.kids: List["_Node"] = []



def _seq(kids: List[_Node], flags: int) -> _Node:
    n = _Node(_N_SEQ, 0, flags)
    n.kids = kids
    return n


class _State:
    def __init__(self, flags: int):
        self.flags = flags
        self.groupdict: Dict[str, int] = {}
        self.gw_lo: List[int] = [0]
        self.gw_hi: List[int] = [0]
        self.gw_set: List[bool] = [False]
        self.lookbehindgroups = -1
        self.grouprefpos: Dict[int, int] = {}
        self.sets: List[_CharSet] = []

    def groups(self) -> int:
        return len(self.gw_set)

    def checkgroup(self, gid: int) -> bool:
        return gid < len(self.gw_set) and self.gw_set[gid]

    def checklookbehindgroup(self, gid: int, source: _Source) -> None:
        if self.lookbehindgroups >= 0:
            if not self.checkgroup(gid):
                raise source.err("cannot refer to an open group", 0)
            if gid >= self.lookbehindgroups:
                raise source.err("cannot refer to group defined in the same lookbehind subpattern", 0)

    def new_set(self, negate: bool, los: List[int], his: List[int], cats: List[int]) -> int:
        self.sets.append(_CharSet(negate, los, his, cats))
        return len(self.sets) - 1



def _mul(a: int, b: int, cap: int) -> int:
    if a == 0 or b == 0:
        return 0
    if a > cap // b:
        return cap
    return min(a * b, cap)


def _width(n: _Node, state: _State) -> Tuple[int, int]:
    # (min, max) characters a node matches, capped as CPython's getwidth does
    k = n.kind
    lo = 0
    hi = 0
    if k == _N_SEQ:
        for kid in n.kids:
            w = _width(kid, state)
            lo += w[0]
            hi += w[1]
            if hi > _MAXREPEAT:
                hi = _MAXREPEAT
            if lo > _MAXREPEAT - 1:
                lo = _MAXREPEAT - 1
    elif k == _N_BRANCH:
        lo = _MAXREPEAT - 1
        for kid in n.kids:
            w = _width(kid, state)
            lo = min(lo, w[0])
            hi = max(hi, w[1])
    elif k == _N_LIT or k == _N_NLIT or k == _N_ANY or k == _N_IN:
        lo = 1
        hi = 1
    elif k == _N_GROUP or k == _N_ATOMIC:
        return _width(n.kids[0], state)
    elif k == _N_REPEAT:
        w = _width(n.kids[0], state)
        lo = _mul(w[0], n.lo, _MAXREPEAT - 1)
        hi = _mul(w[1], n.hi, _MAXREPEAT)
    elif k == _N_REF:
        lo = state.gw_lo[n.val]
        hi = state.gw_hi[n.val]
    elif k == _N_COND:
        w1 = _width(n.kids[0], state)
        w2 = _width(n.kids[1], state)
        lo = min(w1[0], w2[0])
        hi = max(w1[1], w2[1])
    return (lo, hi)
