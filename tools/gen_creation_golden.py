#!/usr/bin/python3
"""Writes tests/golden/creation.json: arange, linspace and logspace results from PyTorch, bit
for bit, for tests/unit/test_creation.cpp. Run with Debian's /usr/bin/python3 (PyTorch 1.13):

    /usr/bin/python3 tools/gen_creation_golden.py

Element values are stored as their bit patterns (integers); long results as a 64-bit FNV-1a
hash of the bit patterns plus their length. Deterministic: rerunning gives the same file.
"""
import json
import os
import random

import torch

DTYPES = {
    "float32": torch.float32, "float64": torch.float64, "float16": torch.float16,
    "bfloat16": torch.bfloat16, "int64": torch.int64, "int32": torch.int32,
    "int16": torch.int16, "int8": torch.int8, "uint8": torch.uint8,
}
BITS_VIEW = {torch.float32: torch.int32, torch.float64: torch.int64,
             torch.float16: torch.int16, torch.bfloat16: torch.int16}
MASK = {8: 0xFF, 16: 0xFFFF, 32: 0xFFFFFFFF, 64: 0xFFFFFFFFFFFFFFFF}


def bits(t):
    """Element bit patterns as unsigned integers."""
    width = t.element_size() * 8
    v = t.view(BITS_VIEW[t.dtype]) if t.dtype in BITS_VIEW else t
    return [x & MASK[width] for x in v.tolist()]


def fnv(values):
    h = 1469598103934665603
    for x in values:
        h ^= x
        h = (h * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return str(h)


def scalar(x):
    if isinstance(x, bool):
        return {"kind": "bool", "value": x}
    if isinstance(x, int):
        return {"kind": "int", "value": x}
    return {"kind": "float", "value": float(x).hex()}


def result(t, threads):
    out = {"dtype": str(t.dtype).replace("torch.", ""), "numel": t.numel(), "threads": threads}
    b = bits(t)
    if len(b) <= 300:
        out["bits"] = b
    else:
        out["hash"] = fnv(b)
    return out


def main():
    rng = random.Random(1234)
    torch.set_num_threads(1)
    cases = {"arange": [], "linspace": [], "logspace": []}

    def arange_case(start, end, step, dtype, threads=1):
        torch.set_num_threads(threads)
        t = torch.arange(start, end, step, dtype=DTYPES[dtype] if dtype else None)
        torch.set_num_threads(1)
        cases["arange"].append({"start": scalar(start), "end": scalar(end), "step": scalar(step),
                                "dtype": dtype, **{"out": result(t, threads)}})

    def linspace_case(start, end, steps, dtype, threads=1):
        torch.set_num_threads(threads)
        t = torch.linspace(start, end, steps, dtype=DTYPES[dtype] if dtype else None)
        torch.set_num_threads(1)
        cases["linspace"].append({"start": scalar(start), "end": scalar(end), "steps": steps,
                                  "dtype": dtype, "out": result(t, threads)})

    def logspace_case(start, end, steps, base, dtype):
        t = torch.logspace(start, end, steps, base=base, dtype=DTYPES[dtype] if dtype else None)
        cases["logspace"].append({"start": scalar(start), "end": scalar(end), "steps": steps,
                                  "base": float(base).hex(), "dtype": dtype,
                                  "out": result(t, 1)})

    # arange: dtype inference, exact small cases, tricky float steps, every dtype.
    arange_case(0, 1, 0.1, None)
    arange_case(0, 10, 1, None)
    arange_case(1, 2.5, 1, None)
    arange_case(-1.5, 5, 1.3, "int64")
    arange_case(0.5, 5, 1, "int32")
    arange_case(250, 260, 1, "uint8")
    arange_case(-3, 3, 1, "uint8")
    arange_case(10, 0, -3, None)
    arange_case(0, 1, 1 / 3, "float64")
    for dtype in ["float32", "float64", "float16", "bfloat16"]:
        for _ in range(12):
            start = rng.choice([0.0, 0.1, -3.7, rng.uniform(-10, 10)])
            step = rng.choice([0.1, 0.3, 1 / 3, rng.uniform(0.001, 2), -rng.uniform(0.001, 2)])
            n = rng.choice([5, 10, 17, 33, 100, 257, 1000, 5000])
            arange_case(start, start + step * n * rng.uniform(0.9, 1.0), step, dtype)
    for dtype in ["int64", "int32", "int16", "int8", "uint8"]:
        arange_case(-7, 100, 3, dtype)
    # Long ranges split across two threads the way PyTorch's parallel_for splits them.
    # (100003 elements: the second chunk does not start on a vector boundary.)
    arange_case(0, 10, 1e-4, "float32", threads=2)
    arange_case(0, 10.0003, 1e-4, "float32", threads=2)
    arange_case(0, 10.0003, 1e-4, "float64", threads=2)
    arange_case(-5, 5.00009, 3e-4, "bfloat16", threads=2)

    for dtype in ["float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8", "uint8"]:
        for _ in range(10):
            if dtype.startswith("int") or dtype == "uint8":
                lo, hi = (0, 250) if dtype == "uint8" else (-100, 120)
                start, end = rng.randint(lo, hi), rng.randint(lo, hi)
            else:
                start = rng.choice([0.0, 0.1, -3.7, rng.uniform(-10, 10)])
                end = rng.choice([1.0, 0.3, rng.uniform(-10, 10)])
            steps = rng.choice([2, 3, 5, 7, 17, 33, 100, 257, 1000, 5000])
            linspace_case(start, end, steps, dtype)
    linspace_case(0, 1, 5, None)
    linspace_case(0, 9, 5, "int64")
    linspace_case(-9, 0, 5, "int64")
    linspace_case(0.1, 0.3, 7, "float32")
    linspace_case(-3.0, 7.0, 100001, "float32", threads=2)
    linspace_case(-3.0, 7.0, 100001, "float64", threads=2)

    for dtype in ["float32", "float64", "bfloat16", "int64", "int32", "uint8"]:
        for _ in range(6):
            if dtype in ("int64", "int32", "uint8"):
                start, end = rng.randint(0, 3), rng.randint(0, 6)
            else:
                start, end = rng.uniform(-3, 3), rng.uniform(-3, 3)
            steps = rng.choice([2, 3, 7, 17, 33, 100])
            base = rng.choice([10.0, 2.0, 2.718281828459045, 3.3])
            logspace_case(start, end, steps, base, dtype)
    logspace_case(0, 2, 3, 10.0, None)
    logspace_case(0, 3, 4, -2.0, "int64")
    logspace_case(0, 3, 4, 10.0, "uint8")

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "golden",
                        "creation.json")
    with open(path, "w") as f:
        json.dump({"torch_version": torch.__version__, **cases}, f, indent=None,
                  separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
