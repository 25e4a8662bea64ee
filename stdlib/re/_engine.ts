# re/_engine.ts: the backtracking matcher that runs a _Prog (re/_compiler.ts) over a subject's
# code points. The stack holds records of four ints: (0, pc, pos, 0) a choice point,
# (1, slot, old value, 0) an undo of a group slot, (2, pc, start, count) a greedy repeat that
# can give back characters, (3, pc, start, count) a lazy repeat that can take more.
from typing import List
from re._constants import _AT_BEGIN, _AT_BEGIN_LINE, _AT_END, _AT_END_LINE, _AT_BEGIN_STRING, \
    _AT_END_STRING, _AT_BOUNDARY, _GREEDY, _LAZY
from re._charset import _lower, _is_word
from re._compiler import _Prog, _OP_CHAR, _OP_IN, _OP_RPT, _OP_SPLIT, _OP_JMP, _OP_SAVE, _OP_SAVE_END, \
    _OP_ANY, _OP_ANYALL, _OP_NCHAR, _OP_AT, _OP_MATCH, _OP_MARK, _OP_PROGRESS, _OP_ASSERT, _OP_ATOMIC, \
    _OP_SUCCEED, _OP_REF, _OP_COND, _R_CHAR, _R_NCHAR, _R_ANY, _R_ANYALL, _R_IN


def _item_ok(p: _Prog, it: int, arg: int, c: int) -> bool:
    if it == _R_IN:
        if c < 128:
            return p.tbls[arg][c]
        return p.sets[arg].test(c)
    if it == _R_CHAR:
        return c == arg
    if it == _R_ANY:
        return c != 10
    if it == _R_NCHAR:
        return c != arg
    return True


def _scan(p: _Prog, it: int, arg: int, codes: List[int], i: int, lim: int) -> int:
    # the end of the run of characters from i (up to lim) that the item matches
    if it == _R_IN:
        tbl = p.tbls[arg]
        cs = p.sets[arg]
        while i < lim:
            c = codes[i]
            if c < 128:
                if not tbl[c]:
                    break
            elif not cs.test(c):
                break
            i += 1
    elif it == _R_ANY:
        while i < lim and codes[i] != 10:
            i += 1
    elif it == _R_ANYALL:
        if lim > i:
            i = lim
    elif it == _R_CHAR:
        while i < lim and codes[i] == arg:
            i += 1
    else:
        while i < lim and codes[i] != arg:
            i += 1
    return i


def _at(kind: int, asc: bool, codes: List[int], pos: int, end: int) -> bool:
    if kind == _AT_BEGIN or kind == _AT_BEGIN_STRING:
        return pos == 0
    if kind == _AT_END:
        return pos == end or (pos + 1 == end and codes[pos] == 10)
    if kind == _AT_BEGIN_LINE:
        return pos == 0 or codes[pos - 1] == 10
    if kind == _AT_END_LINE:
        return pos == end or codes[pos] == 10
    if kind == _AT_END_STRING:
        return pos == end
    if end == 0:
        return False
    before = pos > 0 and _is_word(codes[pos - 1], asc)
    after = pos < end and _is_word(codes[pos], asc)
    if kind == _AT_BOUNDARY:
        return before != after
    return before == after


def _take_undos(sub: List[int], stack: List[int]) -> None:
    # keeps the group changes a finished sub-machine made, undoable by the outer one
    i = 0
    n = len(sub)
    while i < n:
        if sub[i] == 1:
            stack.append(1)
            stack.append(sub[i + 1])
            stack.append(sub[i + 2])
            stack.append(0)
        i += 4


def _drop_undos(sub: List[int], caps: List[int]) -> None:
    # undoes the group changes of a finished sub-machine
    i = len(sub) - 4
    while i >= 0:
        if sub[i] == 1:
            caps[sub[i + 1]] = sub[i + 2]
        i -= 4


def _run(p: _Prog, codes: List[int], caps: List[int], stack: List[int], pc: int, pos: int, end: int, full: bool, noempty: int) -> int:
    # runs from pc at pos; the end position of the match, or -1 (the stack then is empty and
    # caps as they were). `full`: MATCH needs pos == end; noempty >= 0: MATCH needs pos != noempty.
    ops = p.ops
    a1 = p.a1
    a2 = p.a2
    tbls = p.tbls
    while True:
        op = ops[pc]
        if op == _OP_CHAR:
            if pos < end and codes[pos] == a1[pc]:
                pos += 1
                pc += 1
                continue
        elif op == _OP_IN:
            if pos < end:
                c = codes[pos]
                if c < 128:
                    if tbls[a1[pc]][c]:
                        pos += 1
                        pc += 1
                        continue
                elif p.sets[a1[pc]].test(c):
                    pos += 1
                    pc += 1
                    continue
        elif op == _OP_RPT:
            r = a1[pc]
            it = p.r_item[r]
            mn = p.r_min[r]
            mode = p.r_mode[r]
            lim = end
            if mode == _LAZY:
                if pos + mn < lim:
                    lim = pos + mn
            elif pos + p.r_max[r] < lim:
                lim = pos + p.r_max[r]
            cnt = _scan(p, it, p.r_arg[r], codes, pos, lim) - pos
            if cnt >= mn:
                if mode == _GREEDY:
                    nx = p.r_next[r]
                    if nx >= 0:
                        while cnt >= mn and not (pos + cnt < end and codes[pos + cnt] == nx):
                            cnt -= 1
                    if cnt >= mn:
                        if cnt > mn:
                            stack.append(2)
                            stack.append(pc)
                            stack.append(pos)
                            stack.append(cnt)
                        pos += cnt
                        pc += 1
                        continue
                elif mode == _LAZY:
                    if p.r_max[r] > mn:
                        stack.append(3)
                        stack.append(pc)
                        stack.append(pos)
                        stack.append(cnt)
                    pos += cnt
                    pc += 1
                    continue
                else:
                    pos += cnt
                    pc += 1
                    continue
        elif op == _OP_SPLIT:
            stack.append(0)
            stack.append(a2[pc])
            stack.append(pos)
            stack.append(0)
            pc = a1[pc]
            continue
        elif op == _OP_JMP:
            pc = a1[pc]
            continue
        elif op == _OP_SAVE:
            s = a1[pc]
            stack.append(1)
            stack.append(s)
            stack.append(caps[s])
            stack.append(0)
            caps[s] = pos
            pc += 1
            continue
        elif op == _OP_SAVE_END:
            s = a1[pc]
            stack.append(1)
            stack.append(s)
            stack.append(caps[s])
            stack.append(0)
            caps[s] = pos
            ls = p.lastslot
            stack.append(1)
            stack.append(ls)
            stack.append(caps[ls])
            stack.append(0)
            caps[ls] = a2[pc]
            pc += 1
            continue
        elif op == _OP_ANY:
            if pos < end and codes[pos] != 10:
                pos += 1
                pc += 1
                continue
        elif op == _OP_ANYALL:
            if pos < end:
                pos += 1
                pc += 1
                continue
        elif op == _OP_NCHAR:
            if pos < end and codes[pos] != a1[pc]:
                pos += 1
                pc += 1
                continue
        elif op == _OP_AT:
            if _at(a1[pc], a2[pc] == 1, codes, pos, end):
                pc += 1
                continue
        elif op == _OP_MATCH:
            if (not full or pos == end) and pos != noempty:
                return pos
        elif op == _OP_SUCCEED:
            return pos
        elif op == _OP_MARK:
            s = a1[pc]
            stack.append(1)
            stack.append(s)
            stack.append(caps[s])
            stack.append(0)
            caps[s] = -1 if a2[pc] == 1 else pos
            pc += 1
            continue
        elif op == _OP_PROGRESS:
            if caps[a1[pc]] == pos:
                pc = a2[pc]
            else:
                pc += 1
            continue
        elif op == _OP_ASSERT:
            kind = a2[pc]
            sub: List[int] = []
            r = -1
            if kind < 2:
                r = _run(p, codes, caps, sub, pc + 1, pos, end, False, -1)
            else:
                st = pos - p.a3[pc]
                if st >= 0:
                    r = _run(p, codes, caps, sub, pc + 1, st, end, False, -1)
                    if r >= 0 and r != pos:
                        _drop_undos(sub, caps)
                        r = -1
            if kind == 0 or kind == 2:
                if r >= 0:
                    _take_undos(sub, stack)
                    pc = a1[pc]
                    continue
            else:
                if r >= 0:
                    _drop_undos(sub, caps)
                else:
                    pc = a1[pc]
                    continue
        elif op == _OP_ATOMIC:
            sub2: List[int] = []
            r = _run(p, codes, caps, sub2, pc + 1, pos, end, False, -1)
            if r >= 0:
                _take_undos(sub2, stack)
                pos = r
                pc = a1[pc]
                continue
        elif op == _OP_REF:
            g = a1[pc]
            gs = caps[2 * g]
            ge = caps[2 * g + 1]
            if gs >= 0 and ge >= 0:
                ln = ge - gs
                if pos + ln <= end:
                    ok = True
                    if a2[pc] == 1:
                        asc = p.a3[pc] == 1
                        for i in range(ln):
                            if _lower(codes[gs + i], asc) != _lower(codes[pos + i], asc):
                                ok = False
                                break
                    else:
                        for i in range(ln):
                            if codes[gs + i] != codes[pos + i]:
                                ok = False
                                break
                    if ok:
                        pos += ln
                        pc += 1
                        continue
        elif op == _OP_COND:
            g = a1[pc]
            if caps[2 * g] >= 0 and caps[2 * g + 1] >= 0:
                pc += 1
            else:
                pc = a2[pc]
            continue

        # failure: back to the latest choice
        while True:
            if len(stack) == 0:
                return -1
            c3 = stack.pop()
            c2 = stack.pop()
            c1 = stack.pop()
            k = stack.pop()
            if k == 1:
                caps[c1] = c2
                continue
            if k == 0:
                pc = c1
                pos = c2
                break
            r = a1[c1]
            if k == 2:
                mn = p.r_min[r]
                cnt = c3 - 1
                nx = p.r_next[r]
                if nx >= 0:
                    while cnt >= mn and not (c2 + cnt < end and codes[c2 + cnt] == nx):
                        cnt -= 1
                if cnt < mn:
                    continue
                if cnt > mn:
                    stack.append(2)
                    stack.append(c1)
                    stack.append(c2)
                    stack.append(cnt)
                pc = c1 + 1
                pos = c2 + cnt
                break
            # k == 3: a lazy repeat takes one more character
            cnt = c3
            mx = p.r_max[r]
            nx = p.r_next[r]
            it = p.r_item[r]
            arg = p.r_arg[r]
            found = False
            while cnt < mx and c2 + cnt < end and _item_ok(p, it, arg, codes[c2 + cnt]):
                cnt += 1
                if nx < 0 or (c2 + cnt < end and codes[c2 + cnt] == nx):
                    found = True
                    break
            if not found:
                continue
            if cnt < mx:
                stack.append(3)
                stack.append(c1)
                stack.append(c2)
                stack.append(cnt)
            pc = c1 + 1
            pos = c2 + cnt
            break
