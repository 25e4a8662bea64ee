# argparse's values: its errors, the Namespace scripts read, an Action (one argument's settings)
# and the conversions and names its messages use (argparse/__init__.ts has the parser).
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
    def __init__(self, **kwargs: Any):
        self.__dict__: Dict[str, Any] = {}
        for k, v in kwargs.items():
            self.__dict__[k] = v

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


def _callable_value(t: Any) -> bool:
    return not isinstance(t, str) and not isinstance(t, int) and not isinstance(t, float) and \
        not isinstance(t, List[Any]) and not isinstance(t, Dict[Any, Any])


class _ParserBase:
    # What parsing needs of an ArgumentParser (argparse/__init__.ts), so that argparse/_parse.ts
    # need not import it.
    def __init__(self, prog: str, allow_abbrev: bool):
        self.prog = prog
        self.allow_abbrev = allow_abbrev
        self._actions: List[Action] = []
        self._options: Dict[str, Action] = {}

    def print_help(self, file: Any = None) -> None:
        raise NotImplementedError("print_help")

    def exit(self, status: int = 0, message: Optional[str] = None) -> None:
        raise NotImplementedError("exit")

    def error(self, message: str) -> None:
        raise NotImplementedError("error")

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


def _negative_number(s: str) -> bool:
    if len(s) < 2 or s[0] != "-":
        return False
    body = s[1:]
    if body.isdigit():
        return True
    dot = body.find(".")
    return dot >= 0 and body[dot + 1:].isdigit() and (dot == 0 or body[:dot].isdigit())
