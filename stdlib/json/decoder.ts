# json.decoder: JSONDecodeError and json.loads's parser (the native `_ts.json_decode`,
# src/runtime/builtins_json.cpp), with CPython's messages and positions (in characters).
# Numbers without a fraction or an exponent are ints (64-bit in Ts: a larger one raises
# OverflowError), NaN / Infinity / -Infinity are accepted, a repeated key keeps its last value.
import _ts
from typing import Any


class JSONDecodeError(ValueError):
    def __init__(self, msg: str, doc: str, pos: int):
        where = _ts.json_line_col(doc, pos)
        lineno: int = where[0]
        colno: int = where[1]
        super().__init__("%s: line %d column %d (char %d)" % (msg, lineno, colno, pos))
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


def decode(s: str) -> Any:
    r = _ts.json_decode(s)
    if not r[0]:
        raise JSONDecodeError(r[1], s, r[2])
    return r[1]
