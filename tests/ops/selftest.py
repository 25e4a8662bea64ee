"""Checks that op_conformance can fail: runs it on altered copies of a committed golden sample
(a value off by more than the tolerance, a wrong dtype or size, a wrong error message, an
unknown op) and expects each verdict. Needs no PyTorch.

usage: python3 tests/ops/selftest.py BUILD/tests/ops/op_conformance
"""
import copy
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(exe, samples, *flags):
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "selftest.json"), "w") as f:
            json.dump({"op": "selftest", "family": None, "generator": "selftest", "samples": samples}, f)
        p = subprocess.run([exe, "--golden", d, *flags], capture_output=True, text=True)
    m = re.search(r"op_conformance: (\d+) passed, (\d+) failed, (\d+) skipped", p.stdout)
    if not m:
        sys.exit("selftest: no summary line in:\n" + p.stdout + p.stderr)
    return tuple(int(x) for x in m.groups()), p.returncode, p.stdout


def scale_first_value(s, factor):
    t = s["result"]["tensor"]
    v = float.fromhex(t["values"][0])
    t["values"][0] = float.hex(v * factor)


def main():
    exe = sys.argv[1]
    with open(os.path.join(HERE, "golden", "add.json")) as f:
        add = json.load(f)["samples"]
    base = next(s for s in add if s["form"] == "function" and "result" in s
                and s["result"]["tensor"]["dtype"] == "float32" and s["result"]["tensor"]["values"]
                and float.fromhex(s["result"]["tensor"]["values"][0]) != 0.0)
    err = next(s for s in add if "error" in s and "prefix" not in s["error"])

    cases = []  # (name, samples, flags, (passed, failed, skipped))

    def case(name, mutate, want, sample=base, flags=()):
        s = copy.deepcopy(sample)
        mutate(s)
        cases.append((name, [s], flags, want))

    case("unchanged", lambda s: None, (1, 0, 0))
    case("value within tolerance", lambda s: scale_first_value(s, 1 + 1e-7), (1, 0, 0))
    case("value off by 1e-3", lambda s: scale_first_value(s, 1 + 1e-3), (0, 1, 0))
    case("value NaN", lambda s: s["result"]["tensor"]["values"].__setitem__(0, "nan"), (0, 1, 0))
    case("tight tolerance", lambda s: (scale_first_value(s, 1 + 1e-7), s.update(tol={"*": [0, 0]})),
         (0, 1, 0))
    case("dtype", lambda s: s["result"]["tensor"].update(dtype="float64"), (0, 1, 0))
    case("sizes", lambda s: s["result"]["tensor"].update(
        sizes=s["result"]["tensor"]["sizes"] + [1]), (0, 1, 0))
    case("strides of a view", lambda s: s["result"]["tensor"].update(
        strides=[0] * len(s["result"]["tensor"]["sizes"]), offset=0), (0, 1, 0))
    case("expects an error", lambda s: (s.pop("result"), s.update(
        error={"type": "RuntimeError", "message": "boom"})), (0, 1, 0))
    case("unknown op", lambda s: s.update(call="no_such_op_for_selftest"), (0, 1, 0))
    case("unknown op, --allow-missing", lambda s: s.update(call="no_such_op_for_selftest"), (0, 0, 1),
         flags=("--allow-missing",))
    case("error unchanged", lambda s: None, (1, 0, 0), sample=err)
    case("error message", lambda s: s["error"].update(message=s["error"]["message"] + "!"), (0, 1, 0),
         sample=err)
    case("error type", lambda s: s["error"].update(type="IndexError"), (0, 1, 0), sample=err)
    case("error prefix", lambda s: s["error"].update(message="different tail",
                                                     prefix=s["error"]["message"][:10]), (1, 0, 0), sample=err)
    case("error wrong prefix", lambda s: s["error"].update(prefix="zzz"), (0, 1, 0), sample=err)
    case("returns instead", lambda s: (s.pop("error"), s.update(result=None)), (0, 1, 0), sample=err)

    bad = 0
    for name, samples, flags, want in cases:
        got, rc, out = run(exe, samples, *flags)
        ok = got == want and (rc != 0) == (want[1] > 0)
        print("%-32s %s" % (name, "ok" if ok else "WRONG: got %s rc=%d\n%s" % (got, rc, out)))
        bad += not ok
    print("op_conformance selftest: %d passed, %d failed" % (len(cases) - bad, bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
