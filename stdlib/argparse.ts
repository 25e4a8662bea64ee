# argparse: Python's command-line parser, with CPython 3.11's parsing, help layout and messages.
# ArgumentParser(prog, usage, description, epilog, add_help, allow_abbrev), add_argument with
# the actions store, store_const, store_true, store_false, append, append_const, count, help and
# version, nargs None / "?" / "*" / "+" / N, type, default, choices, required, dest, metavar,
# help (with %(default)s and the other %(name)s fields), add_argument_group, parse_args,
# parse_known_args, format_usage / format_help / print_usage / print_help, error, exit. The
# Namespace's attributes are typed Any (checked where they are used). Not here: subparsers,
# mutually exclusive groups, set_defaults (Ts has no **kwargs), prefix_chars other than "-",
# fromfile_prefix_chars, formatter_class, parents, Action subclasses, nargs=REMAINDER.
import os
import sys
import _ts
from typing import Any, Dict, List, Optional, Tuple

SUPPRESS = "==SUPPRESS=="
OPTIONAL = "?"
ZERO_OR_MORE = "*"
ONE_OR_MORE = "+"


class ArgumentError(Exception):
    def __init__(self, argument_name: Optional[str], message: str):
        super().__init__(message if argument_name is None else "argument " + argument_name + ": " + message)
        self.argument_name = argument_name
        self.message = message


class ArgumentTypeError(Exception):
    pass


class Namespace:
    def __init__(self):
        self.__dict__: Dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        if name in self.__dict__:
            return self.__dict__[name]
        raise AttributeError("'Namespace' object has no attribute '" + name + "'")

    def __setattr__(self, name: str, value: Any) -> None:
        self.__dict__[name] = value

    def __delattr__(self, name: str) -> None:
        del self.__dict__[name]

    def __contains__(self, key: str) -> bool:
        return key in self.__dict__

    def __eq__(self, other: "Namespace") -> bool:
        return self.__dict__ == other.__dict__

    def __repr__(self) -> str:
        parts: List[str] = []
        star: List[str] = []
        for k in self.__dict__:
            if _is_identifier(k):
                parts.append(k + "=" + repr(self.__dict__[k]))
            else:
                star.append(repr(k) + ": " + repr(self.__dict__[k]))
        if len(star) > 0:
            parts.append("**{" + ", ".join(star) + "}")
        return "Namespace(" + ", ".join(parts) + ")"

    def __str__(self) -> str:
        return self.__repr__()


def _is_identifier(s: str) -> bool:
    if s == "" or s[0].isdigit():
        return False
    for c in s:
        if not (c.isalnum() or c == "_" or ord(c) > 127):
            return False
    return True


def _type_name(t: Any) -> str:
    if t is None:
        return "None"
    return _ts.callable_name(t)


def _convert(t: Any, s: str) -> Any:
    if t is None or t is str:
        return s
    if t is int:
        return int(s)
    if t is float:
        return float(s)
    if t is bool:
        return bool(s)
    return t(s)


class Action:
    def __init__(self, option_strings: List[str], dest: str, action: str, nargs: Any, const: Any, default: Any,
                 type: Any, choices: Optional[List[Any]], required: bool, help: Optional[str], metavar: Any,
                 version: Optional[str]):
        self.option_strings = option_strings
        self.dest = dest
        self.action = action
        self.nargs: Any = nargs
        self.const: Any = const
        self.default: Any = default
        self.type: Any = type
        self.choices: Optional[List[Any]] = choices
        self.required = required
        self.help: Optional[str] = help
        self.metavar: Any = metavar
        self.version: Optional[str] = version
        self.group = 0

    def __repr__(self) -> str:
        return ("Action(option_strings=" + repr(self.option_strings) + ", dest=" + repr(self.dest) + ", nargs=" +
                repr(self.nargs) + ", const=" + repr(self.const) + ", default=" + repr(self.default) + ", type=" +
                (repr(None) if self.type is None else _type_name(self.type)) + ", choices=" + repr(self.choices) +
                ", required=" + repr(self.required) + ", help=" + repr(self.help) + ", metavar=" +
                repr(self.metavar) + ")")


def _action_name(a: Action) -> Optional[str]:
    if len(a.option_strings) > 0:
        return "/".join(a.option_strings)
    if a.metavar is not None and a.metavar != SUPPRESS:
        return str(a.metavar)
    if a.dest != SUPPRESS:
        return a.dest
    return None


# ---- help layout (CPython's HelpFormatter) ----

def _wrap(text: str, width: int) -> List[str]:
    # textwrap.wrap after collapsing whitespace: greedy, breaking words after a hyphen between
    # letters and splitting words longer than a line.
    chunks: List[str] = []
    glued: List[bool] = []  # the chunk continues the previous one's word (no space between)
    for word in text.split():
        start = 0
        for i in range(2, len(word) - 1):
            if word[i] == "-" and word[i - 1].isalnum() and word[i - 2].isalnum() and word[i + 1].isalpha():
                chunks.append(word[start:i + 1])
                glued.append(start > 0)
                start = i + 1
        chunks.append(word[start:])
        glued.append(start > 0)
    lines: List[str] = []
    line = ""
    for k in range(len(chunks)):
        c = chunks[k]
        sep = "" if line == "" or glued[k] else " "
        if len(line) + len(sep) + len(c) <= width:
            line = line + sep + c
            continue
        if len(c) > width:
            # A word longer than a line fills what is left of this one.
            room = width - len(line) - len(sep)
            if room > 0:
                line = line + sep + c[:room]
                c = c[room:]
            lines.append(line)
            while len(c) > width:
                lines.append(c[:width])
                c = c[width:]
            line = c
        else:
            if line != "":
                lines.append(line)
            line = c
    if line != "":
        lines.append(line)
    return lines


def _split_parts(text: str) -> List[str]:
    # The usage's wrappable parts: bracketed groups ([...], (...)) ending at a space, else words.
    parts: List[str] = []
    i = 0
    n = len(text)
    while i < n:
        if text[i] == " ":
            i += 1
            continue
        end = -1
        if text[i] == "[" or text[i] == "(":
            close = "]" if text[i] == "[" else ")"
            j = i + 1
            while j < n:
                if text[j] == close:
                    k = j
                    while k < n and text[k] == close:
                        k += 1
                    if k == n or text[k] == " ":
                        end = k
                        break
                j += 1
        if end < 0:
            end = i
            while end < n and text[end] != " ":
                end += 1
        parts.append(text[i:end])
        i = end
    return parts


class _Group:
    def __init__(self, parser: "ArgumentParser", index: int):
        self.parser = parser
        self.index = index

    def add_argument(self, *args: str, action: str = "store", nargs: Any = None, const: Any = None,
                     default: Any = None, type: Any = None, choices: Any = None, required: Optional[bool] = None,
                     help: Optional[str] = None, metavar: Any = None, dest: Optional[str] = None,
                     version: Optional[str] = None) -> Action:
        a = self.parser._add(list(args), action, nargs, const, default, type, choices, required, help, metavar, dest,
                             version)
        a.group = self.index
        return a


class ArgumentParser:
    def __init__(self, prog: Optional[str] = None, usage: Optional[str] = None, description: Optional[str] = None,
                 epilog: Optional[str] = None, add_help: bool = True, allow_abbrev: bool = True,
                 exit_on_error: bool = True):
        self.prog = prog if prog is not None else os.path.basename(sys.argv[0])
        self.usage = usage
        self.description = description
        self.epilog = epilog
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._actions: List[Action] = []
        self._options: Dict[str, Action] = {}
        # Sections in order: positional arguments, options, then add_argument_group's.
        self._group_titles: List[Optional[str]] = ["positional arguments", "options"]
        self._group_descriptions: List[Optional[str]] = [None, None]
        if add_help:
            self._add(["-h", "--help"], "help", None, None, SUPPRESS, None, None, None,
                      "show this help message and exit", None, None, None)

    def add_argument_group(self, title: Optional[str] = None, description: Optional[str] = None) -> _Group:
        self._group_titles.append(title)
        self._group_descriptions.append(description)
        return _Group(self, len(self._group_titles) - 1)

    def add_argument(self, *args: str, action: str = "store", nargs: Any = None, const: Any = None,
                     default: Any = None, type: Any = None, choices: Any = None, required: Optional[bool] = None,
                     help: Optional[str] = None, metavar: Any = None, dest: Optional[str] = None,
                     version: Optional[str] = None) -> Action:
        return self._add(list(args), action, nargs, const, default, type, choices, required, help, metavar, dest,
                         version)

    def _add(self, names: List[str], action: str, nargs: Any, const: Any, default: Any, type: Any, choices: Any,
             required: Optional[bool], help: Optional[str], metavar: Any, dest: Optional[str],
             version: Optional[str]) -> Action:
        kinds = ["store", "store_const", "store_true", "store_false", "append", "append_const", "count", "help",
                 "version"]
        if action not in kinds:
            raise ValueError("unknown action \"" + action + "\"")
        choice_list: Optional[List[Any]] = None
        if choices is not None:
            choice_list = []
            for c in choices:
                choice_list.append(c)
        positional = len(names) == 0 or not names[0].startswith("-")
        if positional:
            if len(names) > 1:
                raise ValueError("invalid option string " + repr(names[0]) + ": must start with a character '-'")
            if dest is not None:
                raise ValueError("dest supplied twice for positional argument")
            if len(names) == 0:
                raise TypeError("add_argument() missing 1 required positional argument: 'dest'")
            if required is not None:
                raise TypeError("'required' is an invalid argument for positionals")
            req = nargs != OPTIONAL and nargs != ZERO_OR_MORE
            if nargs == ZERO_OR_MORE and default is None:
                req = True
            name = names[0]
            names = []
            dest = name
        else:
            for o in names:
                if not o.startswith("-"):
                    raise ValueError("invalid option string " + repr(o) + ": must start with a character '-'")
            if dest is None:
                dest = ""
                for o in names:
                    if o.startswith("--") and len(o) > 2:
                        dest = o[2:]
                        break
                if dest == "":
                    dest = names[0][1:]
                dest = dest.replace("-", "_")
            req = required if required is not None else False
        # Each action's fixed nargs, const and default.
        if action == "store_true" or action == "store_false" or action == "store_const" or action == "append_const" \
                or action == "count" or action == "help" or action == "version":
            if nargs is not None:
                raise TypeError("__init__() got an unexpected keyword argument 'nargs'")
            nargs = 0
            if action == "store_true":
                const = True
                if default is None:
                    default = False
            elif action == "store_false":
                const = False
                if default is None:
                    default = True
            elif action == "help" or action == "version":
                default = SUPPRESS
                if help is None:
                    help = "show this help message and exit" if action == "help" else \
                        "show program's version number and exit"
                dest = SUPPRESS if dest == "help" or dest == "version" else dest
        else:
            if nargs == 0:
                raise ValueError("nargs for store actions must be != 0; if you have nothing to store, actions such "
                                 "as store true or store const may be more appropriate")
            if const is not None and nargs != OPTIONAL:
                raise ValueError("nargs must be '?' to supply const")
            if nargs is not None and not isinstance(nargs, int) and nargs not in ["?", "*", "+"]:
                raise ValueError("invalid nargs value")
        if metavar is not None and not isinstance(metavar, str):
            raise ValueError("metavar " + repr(metavar) + " is not available in tsrun's argparse: give one str")
        if type is not None and not _callable_value(type):
            raise ValueError(repr(type) + " is not callable")
        a = Action(names, dest, action, nargs, const, default, type, choice_list, req, help, metavar, version)
        a.group = 0 if positional else 1
        for o in names:
            if o in self._options:
                raise ArgumentError("/".join(names), "conflicting option string: " + o)
        for o in names:
            self._options[o] = a
        self._actions.append(a)
        return a

    # ---- help ----

    def _width(self) -> int:
        return _ts.stdout_columns() - 2

    def _metavar(self, a: Action, default: str) -> str:
        if a.metavar is not None:
            return str(a.metavar)
        if a.choices is not None:
            return "{" + ",".join([str(c) for c in a.choices]) + "}"
        return default

    def _format_args(self, a: Action, default: str) -> str:
        m = self._metavar(a, default)
        if a.nargs is None:
            return m
        if a.nargs == OPTIONAL:
            return "[" + m + "]"
        if a.nargs == ZERO_OR_MORE:
            return "[" + m + " ...]"
        if a.nargs == ONE_OR_MORE:
            return m + " [" + m + " ...]"
        return " ".join([m for _ in range(int(a.nargs))])

    def _usage_part(self, a: Action) -> str:
        if len(a.option_strings) == 0:
            return self._format_args(a, a.dest)
        part = a.option_strings[0]
        if a.nargs != 0:
            part = part + " " + self._format_args(a, a.dest.upper())
        return part if a.required else "[" + part + "]"

    def _usage_text(self, optionals: bool, positionals: bool) -> str:
        parts: List[str] = []
        for a in self._actions:
            if a.help == SUPPRESS:
                continue
            is_opt = len(a.option_strings) > 0
            if is_opt and optionals or not is_opt and positionals:
                parts.append(self._usage_part(a))
        return " ".join(parts)

    def _usage_lines(self) -> str:
        prefix = "usage: "
        if self.usage is not None:
            return prefix + self.usage.replace("%(prog)s", self.prog)
        prog = self.prog
        action_usage = self._usage_text(True, True)
        usage = prog + " " + action_usage if action_usage != "" else prog
        text_width = self._width()
        if len(prefix) + len(usage) <= text_width:
            return prefix + usage
        opt_parts = _split_parts(self._usage_text(True, False))
        pos_parts = _split_parts(self._usage_text(False, True))
        lines: List[str] = []
        if len(prefix) + len(prog) <= 0.75 * text_width:
            indent = " " * (len(prefix) + len(prog) + 1)
            if len(opt_parts) > 0:
                lines = _usage_wrap([prog] + opt_parts, indent, prefix, text_width)
                lines.extend(_usage_wrap(pos_parts, indent, None, text_width))
            elif len(pos_parts) > 0:
                lines = _usage_wrap([prog] + pos_parts, indent, prefix, text_width)
            else:
                lines = [prog]
        else:
            indent = " " * len(prefix)
            lines = _usage_wrap(opt_parts + pos_parts, indent, None, text_width)
            if len(lines) > 1:
                lines = _usage_wrap(opt_parts, indent, None, text_width)
                lines.extend(_usage_wrap(pos_parts, indent, None, text_width))
            lines = [prog] + lines
        return prefix + "\n".join(lines)

    def format_usage(self) -> str:
        return self._usage_lines() + "\n"

    def _invocation(self, a: Action) -> str:
        if len(a.option_strings) == 0:
            return self._metavar(a, a.dest)
        if a.nargs == 0:
            return ", ".join(a.option_strings)
        args = self._format_args(a, a.dest.upper())
        return ", ".join([o + " " + args for o in a.option_strings])

    def _expand_help(self, a: Action) -> str:
        h = a.help if a.help is not None else ""
        if "%" not in h:
            return h
        out = ""
        i = 0
        while i < len(h):
            c = h[i]
            if c != "%":
                out += c
                i += 1
                continue
            if i + 1 < len(h) and h[i + 1] == "%":
                out += "%"
                i += 2
                continue
            if i + 1 >= len(h) or h[i + 1] != "(":
                raise ValueError("unsupported format character in help string: " + repr(h))
            close = h.find(")", i)
            if close < 0:
                raise ValueError("incomplete format key in help string: " + repr(h))
            key = h[i + 2:close]
            j = close + 1
            while j < len(h) and h[j] in "-+ #0123456789.":
                j += 1
            if j >= len(h):
                raise ValueError("incomplete format in help string: " + repr(h))
            spec = h[close + 1:j + 1]
            out += ("%" + spec) % self._help_param(a, key)
            i = j + 1
        return out

    def _help_param(self, a: Action, key: str) -> Any:
        if key == "default":
            return a.default
        if key == "prog":
            return self.prog
        if key == "dest":
            return a.dest
        if key == "metavar":
            return a.metavar
        if key == "required":
            return a.required
        if key == "help":
            return a.help
        if key == "const":
            return a.const
        if key == "nargs":
            return a.nargs
        if key == "option_strings":
            return a.option_strings
        if key == "type":
            return None if a.type is None else _type_name(a.type)
        if key == "choices":
            cs = a.choices
            if cs is None:
                return None
            return ", ".join([str(c) for c in cs])
        raise KeyError(key)

    def _fill(self, text: str, width: int, indent: str) -> str:
        text = text.replace("%(prog)s", self.prog)
        return "\n".join([indent + line for line in _wrap(text, width)])

    def format_help(self) -> str:
        width = self._width()
        out = self.format_usage() + "\n"
        if self.description is not None and self.description != "":
            out += self._fill(self.description, max(width, 11), "") + "\n\n"
        # One help column for every section, as CPython's formatter measures all the actions.
        max_len = 0
        for a in self._actions:
            if a.help != SUPPRESS:
                max_len = max(max_len, len(self._invocation(a)) + 2)
        help_position = min(max_len + 2, min(24, max(width - 20, 4)))
        help_width = max(width - help_position, 11)
        action_width = help_position - 2 - 2
        for g in range(len(self._group_titles)):
            items = ""
            for a in self._actions:
                if a.group != g or a.help == SUPPRESS:
                    continue
                header = self._invocation(a)
                if a.help is None or a.help == "":
                    items += "  " + header + "\n"
                    continue
                if len(header) <= action_width:
                    line = "  " + header + " " * (action_width - len(header)) + "  "
                    first_indent = 0
                else:
                    line = "  " + header + "\n"
                    first_indent = help_position
                text = self._expand_help(a)
                lines = _wrap(text, help_width) if text.strip() != "" else []
                if len(lines) == 0:
                    items += line + ("" if line.endswith("\n") else "\n")
                    continue
                items += line + " " * first_indent + lines[0] + "\n"
                for more in lines[1:]:
                    items += " " * help_position + more + "\n"
            desc = self._group_descriptions[g]
            has_desc = desc is not None and desc != ""
            if items == "" and not has_desc:
                continue
            title = self._group_titles[g]
            section = "\n"
            if title is not None:
                section += title + ":\n"
            if has_desc:
                d = "" if desc is None else desc
                section += self._fill(d, max(width - 2, 11), "  ") + "\n\n"
            section += items + "\n"
            out += section
        if self.epilog is not None and self.epilog != "":
            out += self._fill(self.epilog, max(width, 11), "") + "\n\n"
        while "\n\n\n" in out:
            out = out.replace("\n\n\n", "\n\n")
        return out.strip("\n") + "\n"

    def print_usage(self, file: Any = None) -> None:
        if file is None:
            sys.stdout.write(self.format_usage())
        else:
            file.write(self.format_usage())

    def print_help(self, file: Any = None) -> None:
        if file is None:
            sys.stdout.write(self.format_help())
        else:
            file.write(self.format_help())

    def exit(self, status: int = 0, message: Optional[str] = None) -> None:
        if message is not None and message != "":
            sys.stderr.write(message)
        sys.exit(status)

    def error(self, message: str) -> None:
        sys.stderr.write(self.format_usage())
        self.exit(2, self.prog + ": error: " + message + "\n")

    # ---- parsing ----

    def parse_args(self, args: Optional[List[str]] = None, namespace: Optional[Namespace] = None) -> Namespace:
        r = self.parse_known_args(args, namespace)
        if len(r[1]) > 0:
            self.error("unrecognized arguments: " + " ".join(r[1]))
        return r[0]

    def parse_known_args(self, args: Optional[List[str]] = None,
                         namespace: Optional[Namespace] = None) -> Tuple[Namespace, List[str]]:
        argv: List[str] = sys.argv[1:] if args is None else list(args)
        ns = namespace if namespace is not None else Namespace()
        for a in self._actions:
            if a.dest != SUPPRESS and a.dest not in ns.__dict__ and a.default != SUPPRESS:
                ns.__dict__[a.dest] = a.default
        try:
            extras = _Parse(self, ns, argv).run()
        except ArgumentError as e:
            if not self.exit_on_error:
                raise e
            self.error(str(e))
            extras = []
        return (ns, extras)

    def _option_tuples(self, arg: str) -> List[Tuple[Optional[Action], str, Optional[str]]]:
        result: List[Tuple[Optional[Action], str, Optional[str]]] = []
        if len(arg) > 1 and arg[1] == "-":
            if self.allow_abbrev:
                prefix = arg
                explicit: Optional[str] = None
                if "=" in arg:
                    prefix = arg.split("=", 1)[0]
                    explicit = arg.split("=", 1)[1]
                for o in self._options:
                    if o.startswith(prefix):
                        result.append((self._options[o], o, explicit))
        else:
            short = arg[:2]
            short_explicit = arg[2:]
            for o in self._options:
                if o == short:
                    result.append((self._options[o], o, short_explicit))
                elif o.startswith(arg):
                    result.append((self._options[o], o, None))
        return result

    def _parse_optional(self, arg: str) -> Optional[Tuple[Optional[Action], str, Optional[str]]]:
        if arg == "" or arg[0] != "-":
            return None
        if arg in self._options:
            return (self._options[arg], arg, None)
        if len(arg) == 1:
            return None
        if "=" in arg:
            head = arg.split("=", 1)[0]
            if head in self._options:
                return (self._options[head], head, arg.split("=", 1)[1])
        tuples = self._option_tuples(arg)
        if len(tuples) > 1:
            self.error("ambiguous option: " + arg + " could match " + ", ".join([t[1] for t in tuples]))
        elif len(tuples) == 1:
            return tuples[0]
        if _negative_number(arg):
            negative_options = False
            for o in self._options:
                if _negative_number(o):
                    negative_options = True
            if not negative_options:
                return None
        if " " in arg:
            return None
        return (None, arg, None)


def _callable_value(t: Any) -> bool:
    return not isinstance(t, str) and not isinstance(t, int) and not isinstance(t, float) and \
        not isinstance(t, List[Any]) and not isinstance(t, Dict[Any, Any])


def _negative_number(s: str) -> bool:
    if len(s) < 2 or s[0] != "-":
        return False
    body = s[1:]
    if body.isdigit():
        return True
    dot = body.find(".")
    return dot >= 0 and body[dot + 1:].isdigit() and (dot == 0 or body[:dot].isdigit())


def _usage_wrap(parts: List[str], indent: str, prefix: Optional[str], text_width: int) -> List[str]:
    lines: List[str] = []
    line: List[str] = []
    line_len = len(prefix) - 1 if prefix is not None else len(indent) - 1
    for part in parts:
        if line_len + 1 + len(part) > text_width and len(line) > 0:
            lines.append(indent + " ".join(line))
            line = []
            line_len = len(indent) - 1
        line.append(part)
        line_len += len(part) + 1
    if len(line) > 0:
        lines.append(indent + " ".join(line))
    if prefix is not None:
        lines[0] = lines[0][len(indent):]
    return lines


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
    def __init__(self, parser: ArgumentParser, ns: Namespace, argv: List[str]):
        self.p = parser
        self.ns = ns
        self.args: List[str] = []
        self.pattern = ""
        self.options: Dict[int, Tuple[Optional[Action], str, Optional[str]]] = {}
        self.positionals: List[Action] = [a for a in parser._actions if len(a.option_strings) == 0]
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
