# Builtin exceptions' args, str and repr with zero, one or more arguments, caught by class.
from typing import Any, Dict, List

errs: List[Any] = [ValueError("v", 2), ValueError(), RuntimeError("r"), KeyError("k"), KeyError("a", "b"),
                   IndexError(3)]
for err in errs:
    try:
        raise err
    except Exception as e:
        print(type(e).__name__, "[" + str(e) + "]", repr(e), e.args)

d: Dict[str, int] = {}
try:
    d["x"]
except KeyError as e:
    print("lookup:", e)
try:
    int("z")
except ValueError as e:
    print("runtime:", e.args)
