# json.encoder: the text json.dumps writes, as CPython's encoder: floats by repr (NaN, Infinity
# and -Infinity unless allow_nan=False), strings escaped (every non-ASCII character as \uXXXX
# unless ensure_ascii=False; the native `_ts.json_encode_string`), tuples as arrays, dict keys of type str, int, float, bool or None
# converted to strings, `indent` (a count of spaces or a string), `separators`, `sort_keys`,
# `skipkeys` and `default` (called for any other object). Reference cycles are not detected
# (check_circular is accepted and ignored): a list that contains itself recurses until Ts's
# recursion limit.
import _ts
from typing import Any, List, Optional, Tuple

def encode_string(s: str, ensure_ascii: bool) -> str:
    return _ts.json_encode_string(s, ensure_ascii)


def _float(f: float, allow_nan: bool) -> str:
    if f != f:
        text = "NaN"
    elif f == float("inf"):
        text = "Infinity"
    elif f == float("-inf"):
        text = "-Infinity"
    else:
        return repr(f)
    if not allow_nan:
        raise ValueError("Out of range float values are not JSON compliant")
    return text


class Encoder:
    def __init__(self, skipkeys: bool, ensure_ascii: bool, allow_nan: bool, indent: Any,
                 separators: Optional[Tuple[str, str]], default: Any, sort_keys: bool):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.allow_nan = allow_nan
        self.indent: Optional[str] = None
        if indent is not None:
            if isinstance(indent, str):
                self.indent = indent
            elif isinstance(indent, int) and not isinstance(indent, bool):
                self.indent = " " * indent
            else:
                raise TypeError("indent must be an int or a str, not " + type(indent).__name__)
        self.item_sep = ", "
        self.key_sep = ": "
        if separators is not None:
            self.item_sep = separators[0]
            self.key_sep = separators[1]
        elif indent is not None:
            self.item_sep = ","
        self.default: Any = default
        self.sort_keys = sort_keys

    def _key(self, k: Any) -> Optional[str]:
        if isinstance(k, str):
            return k
        if isinstance(k, bool):
            return "true" if k else "false"
        if isinstance(k, float):
            return _float(k, self.allow_nan)
        if isinstance(k, int):
            return str(k)
        if k is None:
            return "null"
        if self.skipkeys:
            return None
        raise TypeError("keys must be str, int, float, bool or None, not " + type(k).__name__)

    def encode(self, o: Any, level: int, out: List[str]) -> None:
        if o is None:
            out.append("null")
        elif isinstance(o, bool):
            out.append("true" if o else "false")
        elif isinstance(o, str):
            out.append(encode_string(o, self.ensure_ascii))
        elif isinstance(o, int):
            out.append(str(o))
        elif isinstance(o, float):
            out.append(_float(o, self.allow_nan))
        elif isinstance(o, list) or isinstance(o, tuple):
            self._list(o, level, out)
        elif isinstance(o, dict):
            self._dict(o, level, out)
        elif self.default is not None:
            self.encode(self.default(o), level, out)
        else:
            raise TypeError("Object of type " + type(o).__name__ + " is not JSON serializable")

    def _newline(self, level: int) -> str:
        ind = self.indent
        return "" if ind is None else "\n" + ind * level

    def _list(self, o: Any, level: int, out: List[str]) -> None:
        if len(o) == 0:
            out.append("[]")
            return
        out.append("[")
        first = True
        for v in o:
            if not first:
                out.append(self.item_sep)
            out.append(self._newline(level + 1))
            first = False
            self.encode(v, level + 1, out)
        out.append(self._newline(level))
        out.append("]")

    def _dict(self, o: Any, level: int, out: List[str]) -> None:
        if len(o) == 0:
            out.append("{}")
            return
        keys: List[Any] = list(o.keys())
        if self.sort_keys:
            keys = sorted(keys)
        out.append("{")
        first = True
        for k in keys:
            name = self._key(k)
            if name is None:
                continue
            if not first:
                out.append(self.item_sep)
            out.append(self._newline(level + 1))
            first = False
            out.append(encode_string(name, self.ensure_ascii))
            out.append(self.key_sep)
            self.encode(o[k], level + 1, out)
        out.append(self._newline(level))
        out.append("}")
