#!/usr/bin/python3
"""Writes tests/golden/colsum.json: PyTorch 1.13 CPU column sums (sum / mean / nansum over a
dim that is not the innermost) and row sums (over the innermost dim) bit for bit, for
tests/unit/test_colsum.cpp.

Run with Debian's PyTorch (always /usr/bin/python3):
    /usr/bin/python3 tools/gen_colsum_golden.py [output.json]

Inputs come from hashed(): exact values m * 2^e (|m| <= 2^15; -12 <= e <= 11 for float32,
-64 <= e <= 63 for float64) from a 32-bit integer hash of the element index, which the C++ test
reproduces. The wide range of magnitudes makes any change of summation order show in the bits. Each case stores the
bit patterns of the result (small results) and an FNV-1a hash of them (all results). Every
case is computed with 1 and with 2 threads and must agree (PyTorch splits columns, not rows).
"""
import json
import math
import sys

import torch

M32 = 0xFFFFFFFF


def hashed(n, seed, span=24):
    """Element i: h = mix(i, seed); value (((h >> 8) & 0xFFFF) - 32768) * 2^((h >> 24) % span -
    span / 2). float64 inputs use span 128, so that their sums round too."""
    i = torch.arange(n, dtype=torch.int64)
    h = (i * 2654435761 + seed * 97 + 12345) & M32
    h = (h * 2246822519 + 3266489917) & M32
    m = ((h >> 8) & 0xFFFF) - 32768
    e = (h >> 24) % span - span // 2
    return m.to(torch.float64) * torch.pow(2.0, e.to(torch.float64))


def fnv(bits):
    h = 1469598103934665603
    for x in bits:
        h ^= x
        h = (h * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return str(h)


def bit_patterns(t):
    t = t.contiguous().reshape(-1)
    if t.dtype == torch.float32:
        return [int(v) & M32 for v in t.view(torch.int32).tolist()]
    return [int(v) & 0xFFFFFFFFFFFFFFFF for v in t.view(torch.int64).tolist()]


cases = []


def case(op, shape, dim, dtype, seed, out_dtype=None, nan_every=0):
    x = hashed(math.prod(shape), seed, 128 if dtype == torch.float64 else 24)
    if nan_every:
        x[::nan_every] = float("nan")
    x = x.to(dtype).reshape(shape)
    kw = {} if out_dtype is None else {"dtype": out_dtype}
    results = []
    for nt in (1, 2):
        torch.set_num_threads(nt)
        results.append(getattr(torch, op)(x, dim, **kw))
    b1, b2 = bit_patterns(results[0]), bit_patterns(results[1])
    assert b1 == b2, f"{op} {shape} {dim}: 1 and 2 threads differ"
    rec = {"op": op, "shape": list(shape), "dim": dim, "dtype": str(dtype).replace("torch.", ""),
           "seed": seed, "nan_every": nan_every, "numel": len(b1), "hash": fnv(b1)}
    if out_dtype is not None:
        rec["out_dtype"] = str(out_dtype).replace("torch.", "")
    if len(b1) <= 64:
        rec["bits"] = b1
    cases.append(rec)


Rs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 128, 129, 1000, 4097]
# W = 1 is left out: [R, 1].sum(0) is a full reduction of a contiguous run in PyTorch (its
# inner-sum kernel), not a column sum.
Ws = [2, 3, 4, 5, 6, 7, 8, 9, 16, 31, 32, 33, 64, 100, 128, 1000]
for R in Rs:
    for W in Ws:
        case("sum", [R, W], 0, torch.float32, R * 1000 + W)
for R in [3, 7, 17, 33, 100, 1000, 4097]:
    for W in [2, 5, 9, 31, 33, 100, 1000]:
        case("mean", [R, W], 0, torch.float32, R * 1000 + W + 1)
for R in [2, 5, 9, 17, 33, 65, 129, 1000, 4097]:
    for W in [2, 3, 4, 5, 7, 9, 16, 17, 31, 33, 100]:
        case("sum", [R, W], 0, torch.float64, R * 1000 + W + 2)
for R, W in [(9, 33), (100, 37), (1000, 100), (4097, 7)]:
    case("sum", [R, W], 0, torch.float32, R + W, out_dtype=torch.float64)
    case("nansum", [R, W], 0, torch.float32, R + W + 3, nan_every=7)
# Larger row counts: the cascade's level width grows past 16 rows above 2^19 rows.
for R, W in [(20000, 3), (70000, 40), (600000, 2), (530000, 9)]:
    case("sum", [R, W], 0, torch.float32, R + W + 4)
for shape in [[7, 5, 3], [33, 4, 9], [100, 3, 37], [17, 65, 33], [4097, 2, 5], [5, 1000, 7],
              [9, 33, 100], [3, 129, 40], [65, 17, 8]]:
    for dim in (0, 1):
        case("sum", shape, dim, torch.float32, sum(shape) + dim)
        case("mean", shape, dim, torch.float32, sum(shape) + dim + 5)

# Row sums (the innermost dim): PyTorch's vectorized_inner_sum. Lengths around one vector (8
# floats, 4 doubles), four vectors (a group), 16 and 256 groups (where levels 1 and 2 start
# taking flushes) and 4096 groups (level 3); 8 rows, so that both sides split rows, not a row,
# between 2 threads.
Ns = list(range(1, 41)) + [63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1000, 1024,
                           1031, 8191, 8192, 8193, 8200, 20000, 70001, 131072, 140000]
for n in Ns:
    case("sum", [8, n], 1, torch.float32, n + 7)
for n in [1, 3, 4, 5, 8, 17, 33, 100, 1000, 1024, 4100, 9000, 70001]:
    case("sum", [8, n], 1, torch.float64, n + 8)
    case("mean", [8, n], 1, torch.float32, n + 9)
for n in [5, 37, 100, 1001, 9000]:
    case("sum", [8, n], 1, torch.float32, n + 10, out_dtype=torch.float64)
    case("nansum", [8, n], 1, torch.float32, n + 11, nan_every=7)
for shape in [[3, 4, 1000], [2, 5, 37], [9, 2, 8200]]:
    case("sum", shape, 2, torch.float32, sum(shape) + 12)

out = sys.argv[1] if len(sys.argv) > 1 else "tests/golden/colsum.json"
with open(out, "w") as f:
    json.dump({"generator": "tools/gen_colsum_golden.py", "torch": torch.__version__,
               "cases": cases}, f, separators=(",", ":"))
    f.write("\n")
print(f"wrote {len(cases)} cases to {out}")
