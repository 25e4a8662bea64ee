# json.dumps as CPython writes it: separators, indent (spaces or a string), sort_keys, escapes
# with and without ensure_ascii, float repr and NaN / Infinity, key conversion, skipkeys,
# default, allow_nan, json.dump to sys.stdout, and its TypeErrors.
import json
import torch
import math
from typing import Any, Dict, List
d: Dict[str, Any] = {"name": "run-1", "lr": 0.001, "epochs": 3, "ok": True, "none": None, "losses": [0.5, 0.25, 1e-7], "nested": {"b": [1, 2, 3], "a": []}, "empty": {}}
print(json.dumps(d))
print(json.dumps(d, indent=2))
print(json.dumps(d, sort_keys=True, indent="\t"))
print(json.dumps(d, separators=(",", ":")))
print(json.dumps(["é", "😀", "a\"b\\c\n\t\x01\x7f", "ü"]), json.dumps("é😀\x7f", ensure_ascii=False))
print(json.dumps([float("nan"), float("inf"), -float("inf"), 1e16, 1.5, -0.0, 10**18]), json.dumps((1, 2)))
k: Dict[int, str] = {1: "a", 2: "b"}
print(json.dumps(k), json.dumps({True: 1}), json.dumps(3), json.dumps("s"), json.dumps(None), json.dumps([]), json.dumps({}, indent=2), json.dumps([[]], indent=0))
for v in [float("nan")]:
    try:
        json.dumps(v, allow_nan=False)
    except ValueError as e:
        print("VE", e)
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print("TE", e)
try:
    json.dumps({"w": torch.ones(2)})
except TypeError as e:
    print("TE", e)
print(json.dumps({(1, 2): 3, (3, 4): 1}, skipkeys=True))
def enc(o: Any) -> Any:
    return o.tolist()
print(json.dumps({"w": torch.tensor([0.5, 1.5])}, default=enc))
import sys
json.dump({"x": [1, 2]}, sys.stdout, indent=1)
print()
