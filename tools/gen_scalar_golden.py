#!/usr/bin/python3
"""Writes tests/ir/golden/scalar_eval.json: what Python computes for the scalar IR kinds
(src/ir/scalar_eval.h) on a grid of ints, floats, bools and strings, for tests/ir/ir_tests.

    /usr/bin/python3 tools/gen_scalar_golden.py

Each record is [kind, [args...], result]. Values are tagged: {"i": int}, {"f": float.hex()},
{"b": bool}, {"s": str}, {"n": null} for None, {"t": [...]} for tuples. The result is null when
Python raises, returns a complex number, or returns an int outside int64 (eval_scalar then
gives nullopt and leaves the case to run time). Deterministic: rerunning gives the same file.
"""
import json
import math
import operator
import os

INT64 = (-2**63, 2**63 - 1)

INTS = [-7, -2, -1, 0, 1, 2, 3, 7, 62, 63, 64, 2**62, 2**63 - 1, -2**63]
FLOATS = [-7.5, -2.0, -0.0, 0.0, 0.5, 2.0, 3.0, 1e308, float("inf"), float("-inf"), float("nan"),
          9007199254740992.0, 0.1]
BOOLS = [False, True]
STRS = ["", "ab", "abc", "b", "h\u00e9llo"]


def tag(v):
    if isinstance(v, bool):
        return {"b": v}
    if isinstance(v, int):
        return {"i": v}
    if isinstance(v, float):
        return {"f": v.hex()}
    if isinstance(v, str):
        return {"s": v}
    if v is None:
        return {"n": None}
    if isinstance(v, tuple):
        return {"t": [tag(x) for x in v]}
    raise TypeError(v)


def fits(r):
    if isinstance(r, complex):
        return False
    if isinstance(r, int) and not isinstance(r, bool):
        return INT64[0] <= r <= INT64[1]
    if isinstance(r, tuple):
        return all(fits(x) for x in r)
    return True


RAISES = object()


def run(fn, *args):
    """fn(*args), or RAISES when Python raises or the result is outside what eval_scalar gives."""
    try:
        r = fn(*args)
    except (ZeroDivisionError, ValueError, OverflowError, TypeError, IndexError):
        return RAISES
    return r if fits(r) else RAISES


def result(r):
    return None if r is RAISES else tag(r)


def to_int(v):
    return int(v)


BINARY = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul, "div": operator.truediv,
    "floordiv": operator.floordiv, "remainder": operator.mod, "pow": operator.pow,
    "eq": operator.eq, "ne": operator.ne, "lt": operator.lt, "le": operator.le, "gt": operator.gt,
    "ge": operator.ge, "min": min, "max": max,
}
INT_BINARY = {"__and__": operator.and_, "__or__": operator.or_, "__xor__": operator.xor,
              "__lshift__": operator.lshift, "__rshift__": operator.rshift}
UNARY_NUM = {"neg": operator.neg, "abs": abs, "Int": to_int, "Float": float, "Bool": bool,
             "str": str, "__not__": operator.not_}


def main():
    records = []
    nums = INTS + FLOATS + BOOLS
    for k, fn in BINARY.items():
        for a in nums:
            for b in nums:
                if k == "pow" and isinstance(a, int) and isinstance(b, int) and b > 64:
                    continue  # huge powers: big ints, not interesting
                records.append([k, [tag(a), tag(b)], result(run(fn, a, b))])
    for k, fn in INT_BINARY.items():
        for a in INTS + BOOLS:
            for b in INTS + BOOLS:
                if k == "__lshift__" and b > 200:
                    continue
                r = run(fn, a, b)
                records.append([k, [tag(a), tag(b)], result(r)])
    for a in INTS + BOOLS:
        r = run(operator.invert, a)
        records.append(["__invert__", [tag(a)], result(r)])
    for k, fn in UNARY_NUM.items():
        for a in nums + [1e16, 1e15, 1e-5, 1.5e-7, 123456789.125, 2.5e-300, -1e22, 0.3]:
            r = run(fn, a)
            records.append([k, [tag(a)], result(r)])
    str_args = ["12", " 12 ", "-0", "+5", "1_000", "0x10", "1e3", " -1.5e-3 ", "inf", "-Infinity",
                "nan", "", "abc", "3.", ".5", "9223372036854775808", "-9223372036854775808"]
    for s in str_args:
        for k, fn in (("Int", to_int), ("Float", float), ("Bool", bool), ("str", str), ("len", len)):
            r = run(fn, s)
            records.append([k, [tag(s)], result(r)])
    for a in STRS:
        for b in STRS:
            for k, fn in (("add", operator.add), ("eq", operator.eq), ("ne", operator.ne),
                          ("lt", operator.lt), ("le", operator.le), ("gt", operator.gt),
                          ("ge", operator.ge), ("__contains__", operator.contains),
                          ("min", min), ("max", max)):
                r = run(fn, a, b)
                records.append([k, [tag(a), tag(b)], result(r)])
        for i in [-6, -5, -1, 0, 1, 2, 4, 5]:
            r = run(operator.getitem, a, i)
            if a.isascii():
                records.append(["__getitem__", [tag(a), tag(i)], result(r)])
        for n in [-1, 0, 3]:
            records.append(["mul", [tag(a), tag(n)], tag(a * n)])
            records.append(["mul", [tag(n), tag(a)], tag(n * a)])
        records.append(["eq", [tag(a), tag(1)], tag(False)])
    tuples = [(1, "x", 2.5), (), (None, True)]
    for t in tuples:
        records.append(["len", [tag(t)], tag(len(t))])
        for i in [-1, 0, 2, 3]:
            r = run(operator.getitem, t, i)
            records.append(["__getitem__", [tag(t), tag(i)], result(r)])
        for x in [1, "x", 2.5, None, True, 7]:
            records.append(["__contains__", [tag(t), tag(x)], tag(x in t)])
        records.append(["str", [tag(t)], tag(str(t))])
        records.append(["eq", [tag(t), tag((1, "x", 2.5))], tag(t == (1, "x", 2.5))])
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "ir", "golden",
                       "scalar_eval.json")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        f.write("[\n")
        f.write(",\n".join(json.dumps(r, ensure_ascii=False) for r in records))
        f.write("\n]\n")
    print(f"wrote {len(records)} records to {os.path.relpath(out)}")


if __name__ == "__main__":
    main()
