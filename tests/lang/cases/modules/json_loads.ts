# json.loads: values, escapes and surrogate pairs, NaN / Infinity, round trips, and
# JSONDecodeError with CPython's message, position, line and column.
import json
from typing import Any, Dict

d: Dict[str, Any] = {"name": "run-1", "lr": 0.001, "epochs": 3, "ok": True, "none": None, "losses": [0.5, 0.25, 1e-7], "nested": {"b": [1, 2, 3], "a": []}, "empty": {}}
s = json.dumps(d)
back = json.loads(s)
print(back == d, back["losses"][2], back["nested"]["b"][2])
print(json.loads('{"a": [1, 2.5, -3e2, true, false, null, "\\u00e9\\ud83d\\ude00\\n"], "b": {}}'))
print(json.loads(" 7 "), json.loads("-0.5"), json.loads('"x"'), json.loads("NaN"), json.loads("[Infinity, -Infinity]"))
for bad in ['', '  ', '[1,]', '{"a":1,}', '{"a" 1}', '{a:1}', '[1 2]', '"abc', '"a\x01b"', '"a\\qb"', '"\\u12"', '[1] x', 'tru', '{"a":', '[', '-', '01', '1.', '\n\n  {"x": }', '[1,2', '{"a":1 "b":2}', '"\\', '[-]']:
    try:
        print(repr(bad), json.loads(bad))
    except json.JSONDecodeError as e:
        print(repr(bad), "E", e, "|", e.msg, e.pos, e.lineno, e.colno)
try:
    json.loads(3)
except TypeError as e:
    print("TE", e)
print(json.loads('{"caf\u00e9": "\u00fcber", "k": "\u00e9\u00e8"}'))
try:
    json.loads("[1, 2")
except ValueError as e:
    print(type(e).__name__, e)
try:
    json.loads('{"caf\u00e9": "\u00fcber",\n "n": [1, 2,, 3]}')
except json.decoder.JSONDecodeError as e:
    print(e, e.pos, e.lineno, e.colno)
