# argparse's parsing: the command line classified into options and arguments, the nargs
# patterns matched as CPython's regular expressions match them (greedy, with backtracking), the
# actions taken, defaults converted and required arguments checked. `_Parse.p` is the
# ArgumentParser (argparse/__init__.ts), seen as its base _ParserBase.
import sys
from typing import Any, Dict, List, Optional, Tuple
from argparse._actions import Action, ArgumentError, ArgumentTypeError, Namespace, OPTIONAL, ONE_OR_MORE, \
    ZERO_OR_MORE, _ParserBase, _action_name, _convert, _type_name


class _Atom:
    # One piece of an nargs pattern: between lo and hi strings of the kinds in `chars` ("A":
    # an argument, "-": the "--" marker).
    def __init__(self, chars: str, lo: int, hi: int, group: int):
        self.chars = chars
        self.lo = lo
        self.hi = hi
        self.group = group


def _nargs_atoms(a: Action, group: int) -> List[_Atom]:
    positional = len(a.option_strings) == 0
    out: List[_Atom] = []
    big = 1 << 30
    if positional:
        out.append(_Atom("-", 0, big, group))
    n = a.nargs
    if n is None:
        out.append(_Atom("A", 1, 1, group))
    elif n == OPTIONAL:
        out.append(_Atom("A", 0, 1, group))
    elif n == ZERO_OR_MORE:
        out.append(_Atom("A-" if positional else "A", 0, big, group))
        return out
    elif n == ONE_OR_MORE:
        out.append(_Atom("A", 1, 1, group))
        out.append(_Atom("A-" if positional else "A", 0, big, group))
        return out
    else:
        for i in range(int(n)):
            if i > 0 and positional:
                out.append(_Atom("-", 0, big, group))
            out.append(_Atom("A", 1, 1, group))
    if positional:
        out.append(_Atom("-", 0, big, group))
    return out


def _match(atoms: List[_Atom], k: int, pattern: str, pos: int, counts: List[int]) -> bool:
    # Greedy with backtracking, as the regular expressions CPython builds from the patterns.
    if k == len(atoms):
        return True
    at = atoms[k]
    n = 0
    while n < at.hi and pos + n < len(pattern) and pattern[pos + n] in at.chars:
        n += 1
    while n >= at.lo:
        counts[at.group] += n
        if _match(atoms, k + 1, pattern, pos + n, counts):
            return True
        counts[at.group] -= n
        n -= 1
    return False


class _Parse:
    def __init__(self, parser: _ParserBase, ns: Namespace, argv: List[str]):
        self.p = parser
        self.ns = ns
        self.args: List[str] = []
        self.pattern = ""
        self.options: Dict[int, Tuple[Optional[Action], str, Optional[str]]] = {}
        self.positionals: List[Action] = []
        for pa in parser._actions:
            if len(pa.option_strings) == 0:
                self.positionals.append(pa)
        self.seen: List[Action] = []
        self.extras: List[str] = []
        rest = False
        for s in argv:
            if rest:
                self.args.append(s)
                self.pattern += "A"
                continue
            if s == "--":
                rest = True
                self.args.append(s)
                self.pattern += "-"
                continue
            t = parser._parse_optional(s)
            if t is None:
                self.pattern += "A"
            else:
                self.options[len(self.args)] = t
                self.pattern += "O"
            self.args.append(s)

    def _values(self, a: Action, strings: List[str]) -> Any:
        if a.nargs != "...":
            if "--" in strings:
                strings.remove("--")
        if len(strings) == 0 and a.nargs == OPTIONAL:
            v = a.const if len(a.option_strings) > 0 else a.default
            if isinstance(v, str):
                v = self._value(a, v)
                self._check(a, v)
            return v
        if len(strings) == 0 and a.nargs == ZERO_OR_MORE and len(a.option_strings) == 0:
            v2: Any = a.default if a.default is not None else strings
            self._check(a, v2)
            return v2
        if len(strings) == 1 and (a.nargs is None or a.nargs == OPTIONAL):
            v3 = self._value(a, strings[0])
            self._check(a, v3)
            return v3
        vs: List[Any] = [self._value(a, s) for s in strings]
        for v4 in vs:
            self._check(a, v4)
        return vs

    def _value(self, a: Action, s: str) -> Any:
        try:
            return _convert(a.type, s)
        except ArgumentTypeError as e:
            raise ArgumentError(_action_name(a), str(e))
        except (TypeError, ValueError):
            raise ArgumentError(_action_name(a), "invalid " + _type_name(a.type) + " value: " + repr(s))

    def _check(self, a: Action, v: Any) -> None:
        cs = a.choices
        if cs is not None and v not in cs:
            raise ArgumentError(_action_name(a), "invalid choice: " + repr(v) + " (choose from " +
                                ", ".join([repr(c) for c in cs]) + ")")

    def _take(self, a: Action, strings: List[str], option: Optional[str]) -> None:
        if a not in self.seen:
            self.seen.append(a)
        v = self._values(a, strings)
        d = self.ns.__dict__
        kind = a.action
        if kind == "store":
            d[a.dest] = v
        elif kind == "store_const" or kind == "store_true" or kind == "store_false":
            d[a.dest] = a.const
        elif kind == "append" or kind == "append_const":
            old: Any = None
            if a.dest in d:
                old = d[a.dest]
            items: List[Any] = []
            if old is not None:
                for x in old:
                    items.append(x)
            items.append(v if kind == "append" else a.const)
            d[a.dest] = items
        elif kind == "count":
            old2: Any = None
            if a.dest in d:
                old2 = d[a.dest]
            d[a.dest] = 1 if old2 is None else old2 + 1
        elif kind == "help":
            self.p.print_help()
            self.p.exit(0)
        elif kind == "version":
            ver = a.version if a.version is not None else ""
            sys.stdout.write(ver.replace("%(prog)s", self.p.prog) + "\n")
            self.p.exit(0)

    def _match_count(self, a: Action, pattern: str) -> int:
        atoms = _nargs_atoms(a, 0)
        counts = [0]
        if _match(atoms, 0, pattern, 0, counts):
            return counts[0]
        n = a.nargs
        if n is None:
            msg = "expected one argument"
        elif n == OPTIONAL:
            msg = "expected at most one argument"
        elif n == ONE_OR_MORE:
            msg = "expected at least one argument"
        else:
            msg = "expected " + str(n) + " argument" + ("" if n == 1 else "s")
        raise ArgumentError(_action_name(a), msg)

    def _consume_optional(self, start: int) -> int:
        t = self.options[start]
        action = t[0]
        option = t[1]
        explicit = t[2]
        taken: List[Tuple[Action, List[str], str]] = []
        stop = start + 1
        while True:
            if action is None:
                self.extras.append(self.args[start])
                return start + 1
            if explicit is not None:
                count = self._match_count(action, "A")
                if count == 0 and option[1] != "-" and explicit != "":
                    taken.append((action, [], option))
                    option = option[0] + explicit[0]
                    nxt: Optional[str] = explicit[1:] if len(explicit) > 1 else None
                    if option in self.p._options:
                        action = self.p._options[option]
                        explicit = nxt
                    else:
                        raise ArgumentError(_action_name(action), "ignored explicit argument " + repr(explicit))
                elif count == 1:
                    stop = start + 1
                    taken.append((action, [explicit], option))
                    break
                else:
                    raise ArgumentError(_action_name(action), "ignored explicit argument " + repr(explicit))
            else:
                first = start + 1
                count = self._match_count(action, self.pattern[first:])
                stop = first + count
                taken.append((action, self.args[first:stop], option))
                break
        for x in taken:
            self._take(x[0], x[1], x[2])
        return stop

    def _consume_positionals(self, start: int) -> int:
        pattern = self.pattern[start:]
        for i in range(len(self.positionals), 0, -1):
            atoms: List[_Atom] = []
            for j in range(i):
                atoms.extend(_nargs_atoms(self.positionals[j], j))
            counts = [0 for _ in range(i)]
            if _match(atoms, 0, pattern, 0, counts):
                for j in range(i):
                    a = self.positionals[j]
                    self._take(a, self.args[start:start + counts[j]], None)
                    start += counts[j]
                self.positionals = self.positionals[i:]
                return start
        return start

    def run(self) -> List[str]:
        indices = sorted(list(self.options.keys()))
        max_index = indices[-1] if len(indices) > 0 else -1
        start = 0
        while start <= max_index:
            nxt = min([i for i in indices if i >= start])
            if start != nxt:
                end = self._consume_positionals(start)
                if end > start:
                    start = end
                    continue
                start = end
            if start not in self.options:
                self.extras.extend(self.args[start:nxt])
                start = nxt
            start = self._consume_optional(start)
        stop = self._consume_positionals(start)
        self.extras.extend(self.args[stop:])
        missing: List[str] = []
        d = self.ns.__dict__
        for a in self.p._actions:
            if a in self.seen:
                continue
            if a.required:
                name = _action_name(a)
                missing.append(name if name is not None else a.dest)
            elif a.default is not None and isinstance(a.default, str) and a.dest in d and d[a.dest] == a.default:
                d[a.dest] = self._value(a, a.default)
        if len(missing) > 0:
            self.p.error("the following arguments are required: " + ", ".join(missing))
        return self.extras
