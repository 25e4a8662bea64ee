#!/usr/bin/python3
"""Writes tests/golden/index.json: random Python indexing cases run through PyTorch 1.13.

Run with Debian's PyTorch (always /usr/bin/python3):
    /usr/bin/python3 tools/gen_index_golden.py [output.json]

Each case indexes x = torch.arange(float(numel)).view(shape) with a random mix of ints, slices,
None, Ellipsis, Python bools, long index tensors and bool masks (out of range values included),
in one of three modes:
  get   r = x[idx]                       -> result shape and values
  set   x[idx] = 1000 + arange(value)    -> x's values afterwards
  iadd  x[idx] += 1000 + arange(value)   -> x's values afterwards (read, add, write back)
or the error PyTorch raised (exception class and first line of the message).
A single index is used bare (x[i]), several as a tuple (x[i, j]), matching ts::index's rule
that a one-element index list is Python's single index. tests/unit/test_index.cpp replays them.
"""
import json
import os
import random
import sys
import warnings

import torch

kDefaultOut = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "golden",
                           "index.json")
kCases = 1200


def rand_index(rng, shape):
    toks, items = [], []
    nd, d = len(shape), 0
    used_ellipsis = False
    for _ in range(rng.randint(1, nd + 1) if rng.random() < 0.85 else nd + 2):
        kind = rng.choice("iisstttmNEb")
        if kind == "E":
            if used_ellipsis:
                continue
            used_ellipsis = True
            toks.append({"k": "ellipsis"})
            items.append(Ellipsis)
            continue
        if kind == "N":
            toks.append({"k": "none"})
            items.append(None)
            continue
        if kind == "b":
            v = rng.random() < 0.7
            toks.append({"k": "bool", "v": v})
            items.append(v)
            continue
        sz = shape[d] if d < nd else 3
        if kind == "i":
            v = rng.randint(-sz - 1, sz)
            toks.append({"k": "int", "v": v})
            items.append(v)
            d += 1
        elif kind == "s":
            def bound():
                return None if rng.random() < 0.3 else rng.randint(-sz - 2, sz + 2)
            a, b = bound(), bound()
            c = None if rng.random() < 0.5 else rng.randint(1, 3)
            toks.append({"k": "slice", "start": a, "stop": b, "step": c})
            items.append(slice(a, b, c))
            d += 1
        elif kind == "t":
            ishape = rng.choice([[], [2], [3], [2, 2], [1, 3]])
            n = 1
            for s in ishape:
                n *= s
            vals = [rng.randint(-sz, max(sz - 1, 0)) if rng.random() < 0.95 else sz + 1 for _ in range(n)]
            toks.append({"k": "long", "shape": ishape, "v": vals})
            items.append(torch.tensor(vals, dtype=torch.long).view(ishape))
            d += 1
        else:  # a bool mask over the next one or two dims (sometimes of the wrong shape)
            k = rng.randint(1, max(1, min(2, nd - d))) if d < nd else 1
            mshape = list(shape[d:d + k]) if d + k <= nd else [2]
            n = 1
            for s in mshape:
                n *= s
            vals = [rng.random() < 0.5 for _ in range(n)]
            toks.append({"k": "mask", "shape": mshape, "v": vals})
            items.append(torch.tensor(vals, dtype=torch.bool).view(mshape))
            d += k
    return toks, (items[0] if len(items) == 1 else tuple(items))


def numbers(t):
    return [int(v) for v in t.flatten().tolist()]


def main():
    out_path = sys.argv[1] if len(sys.argv) > 1 else kDefaultOut
    warnings.simplefilter("ignore")
    rng = random.Random(20261121)
    cases = []
    for _ in range(kCases):
        ndim = 0 if rng.random() < 0.08 else rng.randint(1, 4)
        shape = [rng.randint(0 if rng.random() < 0.05 else 1, 4) for _ in range(ndim)]
        toks, idx = rand_index(rng, shape)
        n = 1
        for s in shape:
            n *= s
        x = torch.arange(float(n)).view(shape)
        case = {"mode": rng.choice(["get", "get", "set", "iadd"]), "shape": shape, "index": toks}
        try:
            if case["mode"] == "get":
                r = x[idx]
                case["result_shape"] = list(r.shape)
                case["values"] = numbers(r)
            else:
                vshape = list(x[idx].shape)
                if rng.random() < 0.3 and vshape:
                    vshape = vshape[1:]  # a value that broadcasts
                m = 1
                for s in vshape:
                    m *= s
                v = (torch.arange(float(m)) + 1000).view(vshape)
                case["value_shape"] = vshape
                if case["mode"] == "set":
                    x[idx] = v
                else:
                    x[idx] += v
                case["values"] = numbers(x)
        except Exception as e:  # noqa: BLE001 - the error is the expected result
            case.pop("value_shape", None)
            case["error"] = {"kind": type(e).__name__, "message": str(e).split("\n")[0]}
        cases.append(case)
    with open(out_path, "w") as f:
        json.dump({"torch": torch.__version__, "cases": cases}, f, separators=(",", ":"))
        f.write("\n")
    print("wrote %d cases (%d errors) to %s" % (len(cases), sum("error" in c for c in cases), out_path))


if __name__ == "__main__":
    main()
