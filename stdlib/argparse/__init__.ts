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
from argparse._actions import SUPPRESS, OPTIONAL, ZERO_OR_MORE, ONE_OR_MORE, ArgumentError, ArgumentTypeError, \
    Namespace, Action, _ParserBase, _action_name, _callable_value, _type_name
from argparse._text import _wrap, _split_parts, _usage_wrap
from argparse._parse import _Parse


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


class ArgumentParser(_ParserBase):
    def __init__(self, prog: Optional[str] = None, usage: Optional[str] = None, description: Optional[str] = None,
                 epilog: Optional[str] = None, add_help: bool = True, allow_abbrev: bool = True,
                 exit_on_error: bool = True):
        super().__init__(prog if prog is not None else os.path.basename(sys.argv[0]), allow_abbrev)
        self.usage = usage
        self.description = description
        self.epilog = epilog
        self.exit_on_error = exit_on_error
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
