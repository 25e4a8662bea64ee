#!/usr/bin/python3
"""Writes tests/golden/random.json: PyTorch 1.13's CPU random numbers, bit for bit.

Run with Debian's PyTorch (always /usr/bin/python3):
    /usr/bin/python3 tools/gen_random_golden.py [output.json]

Each case seeds the default generator (torch.manual_seed), then runs its steps in order on
that one generator stream. A step's result is stored as the hex of its raw little-endian bytes
("bytes"); results with more than kFullLimit elements are stored as the first kHead elements
("head") plus a 64-bit FNV-1a hash of all bytes ("fnv1a"), which still checks every bit.
tests/unit/test_random.cpp replays the steps through the C++ API and compares.
"""
import json
import struct
import sys

import torch

kFullLimit = 128
kHead = 64
kSeeds = [0, 1, 42, 1234, 987654321, 2**32 + 5]
kSizes = list(range(1, 16)) + [16, 17, 20, 33, 100, 1000, 5000]

kDTypes = {
    "bool": torch.bool, "uint8": torch.uint8, "int8": torch.int8, "int16": torch.int16,
    "int32": torch.int32, "int64": torch.int64, "float16": torch.float16,
    "bfloat16": torch.bfloat16, "float32": torch.float32, "float64": torch.float64,
}
# Same-width integer views, to read raw bits (numpy has no bfloat16).
kBitsView = {torch.float16: torch.int16, torch.bfloat16: torch.int16}


def raw_bytes(t):
    t = t.contiguous()
    if t.dtype in kBitsView:
        t = t.view(kBitsView[t.dtype])
    return t.numpy().tobytes()


def fnv1a(b):
    h = 0xcbf29ce484222325
    for x in b:
        h ^= x
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def encode(t):
    b = raw_bytes(t)
    if t.numel() <= kFullLimit:
        return {"bytes": b.hex()}
    head = raw_bytes(t.reshape(-1)[:kHead])
    return {"head": head.hex(), "fnv1a": "%016x" % fnv1a(b), "nbytes": len(b)}


def make_view(step, dt):
    """The tensor an in-place step writes: contiguous, strided ([::2]) or transposed."""
    size = step["size"]
    view = step.get("view", "contiguous")
    if view == "contiguous":
        return torch.empty(size, dtype=dt)
    if view == "strided":  # 1-d, every second element
        return torch.empty([2 * size[0]], dtype=dt)[::2]
    if view == "t":  # 2-d, transposed
        return torch.empty([size[1], size[0]], dtype=dt).t()
    raise ValueError(view)


def tensor_from(hexbytes, dtype_name, size):
    dt = kDTypes[dtype_name]
    b = bytearray.fromhex(hexbytes)
    if dt in kBitsView:
        return torch.frombuffer(b, dtype=kBitsView[dt]).view(dt).reshape(size).clone()
    return torch.frombuffer(b, dtype=dt).reshape(size).clone()


def run_step(step):
    op = step["op"]
    dt = kDTypes.get(step.get("dtype", "float32"))
    if op == "rand":
        return torch.rand(step["size"], dtype=dt)
    if op == "randn":
        return torch.randn(step["size"], dtype=dt)
    if op == "rand_like":
        return torch.rand_like(make_view(step, dt))
    if op == "randn_like":
        return torch.randn_like(make_view(step, dt))
    if op == "randint":
        return torch.randint(step["low"], step["high"], step["size"], dtype=dt)
    if op == "randperm":
        return torch.randperm(step["n"], dtype=dt)
    if op == "uniform_":
        return make_view(step, dt).uniform_(step["from"], step["to"])
    if op == "normal_":
        return make_view(step, dt).normal_(step["mean"], step["std"])
    if op == "bernoulli_scalar":
        return make_view(step, dt).bernoulli_(step["p"])
    if op == "bernoulli_tensor":
        p = tensor_from(step["p_bytes"], step["p_dtype"], step["p_size"])
        return make_view(step, dt).bernoulli_(p)
    if op == "bernoulli":
        p = tensor_from(step["p_bytes"], step["p_dtype"], step["p_size"])
        return torch.bernoulli(p)
    if op == "random_":
        t = make_view(step, dt)
        args = step["args"]
        if len(args) == 0:
            return t.random_()
        if len(args) == 1:
            return t.random_(args[0])
        return t.random_(args[0], args[1])
    if op == "get_state":
        return torch.get_rng_state()
    if op == "set_state":
        torch.set_rng_state(tensor_from(step["state"], "uint8", [len(step["state"]) // 2]))
        return None
    raise ValueError(op)


def add_case(cases, name, seed, steps):
    torch.manual_seed(seed)
    for s in steps:
        r = run_step(s)
        if r is not None:
            s["expect"] = encode(r)
    cases.append({"name": name, "seed": seed, "steps": steps})


def p_tensor(n, dtype_name, seed=7):
    """Probabilities in [0, 1], including both ends, from a generator unrelated to the case."""
    g = torch.Generator().manual_seed(seed)
    p = torch.rand(n, generator=g, dtype=torch.float64)
    if n > 2:
        p[0], p[1] = 0.0, 1.0
    p = p.to(kDTypes[dtype_name])
    return {"p_bytes": raw_bytes(p).hex(), "p_dtype": dtype_name, "p_size": [n]}


def build():
    cases = []
    # The sized families over every seed and size.
    families = [
        ("rand", "float32", {}), ("rand", "float64", {}),
        ("rand", "float16", {}), ("rand", "bfloat16", {}),
        ("randn", "float32", {}), ("randn", "float64", {}),
        ("randn", "float16", {}), ("randn", "bfloat16", {}),
        ("uniform_", "float32", {"from": 2.0, "to": 7.5}),
        ("uniform_", "float64", {"from": 2.0, "to": 7.5}),
        ("uniform_", "float16", {"from": 2.0, "to": 7.5}),
        ("uniform_", "bfloat16", {"from": 2.0, "to": 7.5}),
        ("normal_", "float32", {"mean": 2.5, "std": 0.3}),
        ("normal_", "float64", {"mean": 2.5, "std": 0.3}),
        ("normal_", "float16", {"mean": 2.5, "std": 0.3}),
        ("normal_", "bfloat16", {"mean": 2.5, "std": 0.3}),
        ("randint", "int64", {"low": 0, "high": 10}),
        ("randint", "int64", {"low": -3, "high": 2**33 + 7}),
        ("bernoulli_scalar", "float32", {"p": 0.3}),
        ("random_", "int64", {"args": []}),
    ]
    for op, dt, extra in families:
        for seed in kSeeds:
            for n in kSizes:
                step = {"op": op, "dtype": dt, "size": [n]}
                step.update(extra)
                add_case(cases, f"{op}/{dt}/{extra}/seed={seed}/n={n}", seed, [step])

    # Full values for the AVX2 normal path at the large sizes, for diagnosis.
    global kFullLimit
    saved, kFullLimit = kFullLimit, 5000
    for n in (1000, 5000):
        add_case(cases, f"randn/float32/full/n={n}", 0, [{"op": "randn", "dtype": "float32", "size": [n]}])
    kFullLimit = saved

    # Normal cache carry-over between calls (the scalar path caches a second sample).
    for seed in kSeeds:
        for dt in ("float32", "float64"):
            add_case(cases, f"randn-cache/{dt}/seed={seed}", seed, [
                {"op": "randn", "dtype": dt, "size": [3]},
                {"op": "randn", "dtype": dt, "size": [3]},
                {"op": "randn", "dtype": dt, "size": [16]},  # Path A leaves the cache alone
                {"op": "randn", "dtype": dt, "size": [1]},
                {"op": "get_state"},
                {"op": "randn", "dtype": dt, "size": [5]},
                {"op": "normal_", "dtype": dt, "size": [3], "mean": -1.0, "std": 2.0},
            ])
    add_case(cases, "randn-cache/mixed-dtypes", 3, [
        {"op": "randn", "dtype": "float32", "size": [1]},
        {"op": "randn", "dtype": "float64", "size": [1]},
        {"op": "randn", "dtype": "float16", "size": [3]},
    ])
    # Non-contiguous outputs always take the scalar path, in logical order.
    for dt in ("float32", "float64"):
        for seed in (0, 42):
            add_case(cases, f"normal_/strided/{dt}/seed={seed}", seed, [
                {"op": "normal_", "dtype": dt, "size": [40], "view": "strided", "mean": 0.0, "std": 1.0},
                {"op": "normal_", "dtype": dt, "size": [5, 4], "view": "t", "mean": 1.0, "std": 3.0},
                {"op": "uniform_", "dtype": dt, "size": [5, 4], "view": "t", "from": -1.0, "to": 1.0},
            ])
    # The _like variants share the stream.
    for dt in ("float32", "float64"):
        add_case(cases, f"like/{dt}", 5, [
            {"op": "rand_like", "dtype": dt, "size": [2, 3]},
            {"op": "randn_like", "dtype": dt, "size": [4, 5]},
            {"op": "randn_like", "dtype": dt, "size": [2, 1]},
            # A transposed prototype: the result keeps its strides, so normal takes the scalar path.
            {"op": "randn_like", "dtype": dt, "size": [4, 5], "view": "t"},
            {"op": "rand_like", "dtype": dt, "size": [4, 5], "view": "t"},
        ])
    # Integers: small and >= 2**32 ranges, other dtypes, negative bounds.
    for seed in kSeeds:
        add_case(cases, f"randint/mixed/seed={seed}", seed, [
            {"op": "randint", "dtype": "int64", "low": 0, "high": 2**32, "size": [7]},
            {"op": "randint", "dtype": "int64", "low": 0, "high": 2**32 - 1, "size": [7]},
            {"op": "randint", "dtype": "int64", "low": -2**62, "high": 2**62, "size": [9]},
            {"op": "randint", "dtype": "int32", "low": -100, "high": 100, "size": [3, 4]},
            {"op": "randint", "dtype": "uint8", "low": 0, "high": 256, "size": [10]},
            {"op": "randint", "dtype": "float32", "low": -5, "high": 5, "size": [10]},
            {"op": "randint", "dtype": "float32", "low": 0, "high": 2**33, "size": [6]},
            {"op": "randint", "dtype": "float64", "low": 0, "high": 2**40, "size": [6]},
            {"op": "randint", "dtype": "bfloat16", "low": 0, "high": 2**34, "size": [6]},
            {"op": "randint", "dtype": "float16", "low": 0, "high": 2000, "size": [6]},
            {"op": "randint", "dtype": "int16", "low": -7, "high": 2, "size": [6]},
            {"op": "randint", "dtype": "bool", "low": 0, "high": 2, "size": [8]},
        ])
    # random_ overloads over dtypes.
    random_args = {
        "bool": [[], [2], [0, 2]],
        "uint8": [[], [200], [3, 9], [5, None]],
        "int8": [[], [100], [-128, 127], [-5, None]],
        "int16": [[], [1000], [-300, 300], [7, None]],
        "int32": [[], [100000], [-2**31, 2**31 - 1], [-9, None], [-2**31, None]],
        "int64": [[], [2**40], [-2**63, None], [-5, None], [0, 2**63 - 1], [-2**63, 2**63 - 1]],
        "float16": [[], [100], [-2048, 2048], [3, None]],
        "bfloat16": [[], [100], [-2**63, None], [3, None]],
        "float32": [[], [2**20], [-2**63, None], [-4, None], [-2**24, 2**24]],
        "float64": [[], [2**40], [-2**63, None], [-4, None], [0, 2**53]],
    }
    for seed in (0, 1234):
        for dt, arglists in random_args.items():
            steps = [{"op": "random_", "dtype": dt, "size": [6], "args": a} for a in arglists]
            add_case(cases, f"random_/{dt}/seed={seed}", seed, steps)
    # randperm (the n = 1, 5, 100, 1000 of the brief, plus dtypes).
    for seed in kSeeds:
        steps = [{"op": "randperm", "dtype": "int64", "n": n} for n in (1, 5, 100, 1000)]
        steps += [{"op": "randperm", "dtype": "int64", "n": 0},
                  {"op": "randperm", "dtype": "int32", "n": 17},
                  {"op": "randperm", "dtype": "float32", "n": 9},
                  {"op": "randperm", "dtype": "float16", "n": 9},
                  {"op": "randperm", "dtype": "uint8", "n": 256}]
        add_case(cases, f"randperm/seed={seed}", seed, steps)
    # bernoulli: scalar p over dtypes, tensor p (float and double uniforms), torch.bernoulli.
    for seed in (0, 42, 987654321):
        add_case(cases, f"bernoulli/seed={seed}", seed, [
            {"op": "bernoulli_scalar", "dtype": "float64", "size": [20], "p": 0.5},
            {"op": "bernoulli_scalar", "dtype": "int64", "size": [20], "p": 0.9},
            {"op": "bernoulli_scalar", "dtype": "bool", "size": [20], "p": 0.1},
            {"op": "bernoulli_scalar", "dtype": "uint8", "size": [3], "p": 0.0},
            {"op": "bernoulli_scalar", "dtype": "bfloat16", "size": [9], "p": 1.0},
            {"op": "bernoulli_scalar", "dtype": "float32", "size": [4, 5], "view": "t", "p": 0.5},
            dict({"op": "bernoulli_tensor", "dtype": "float32", "size": [40]}, **p_tensor(40, "float32")),
            dict({"op": "bernoulli_tensor", "dtype": "float32", "size": [40]}, **p_tensor(40, "float64")),
            dict({"op": "bernoulli_tensor", "dtype": "int64", "size": [40]}, **p_tensor(40, "float32")),
            dict({"op": "bernoulli_tensor", "dtype": "bool", "size": [33]}, **p_tensor(33, "float64")),
            dict({"op": "bernoulli_tensor", "dtype": "float64", "size": [3, 4]}, **p_tensor(4, "float64")),
            dict({"op": "bernoulli", "dtype": "float32"}, **p_tensor(50, "float32")),
            dict({"op": "bernoulli", "dtype": "float64"}, **p_tensor(50, "float64")),
            dict({"op": "bernoulli", "dtype": "bfloat16"}, **p_tensor(20, "bfloat16")),
        ])
    for n in (1, 7, 100, 3000):
        for seed in (0, 1):
            add_case(cases, f"bernoulli_scalar/n={n}/seed={seed}", seed, [
                {"op": "bernoulli_scalar", "dtype": "float32", "size": [n], "p": 0.5},
                {"op": "bernoulli_scalar", "dtype": "float64", "size": [n], "p": 0.25},
            ])
    # Generator state: bytes after draws, and set_state with PyTorch's bytes.
    for seed in kSeeds:
        add_case(cases, f"state/seed={seed}", seed, [
            {"op": "get_state"},
            {"op": "rand", "dtype": "float32", "size": [700]},
            {"op": "get_state"},
            {"op": "randn", "dtype": "float64", "size": [1]},
            {"op": "get_state"},
        ])
    torch.manual_seed(77)
    torch.rand(1000)
    torch.randn(1)
    st = raw_bytes(torch.get_rng_state()).hex()
    add_case(cases, "state/set_state", 0, [
        {"op": "set_state", "state": st},
        {"op": "randn", "dtype": "float64", "size": [3]},
        {"op": "rand", "dtype": "float32", "size": [10]},
        {"op": "get_state"},
    ])
    # The legacy 5048-byte layout caches (x, rho) of a Box-Muller pair instead of the sample.
    legacy = bytearray.fromhex(st)[:5048]
    legacy[5016:5024] = struct.pack("<d", 0.3)  # normal_x
    legacy[5032:5040] = struct.pack("<d", 1.7)  # normal_rho
    legacy[5040:5044] = struct.pack("<i", 1)    # normal_is_valid
    add_case(cases, "state/set_state_legacy", 0, [
        {"op": "set_state", "state": bytes(legacy).hex()},
        {"op": "randn", "dtype": "float64", "size": [3]},
        {"op": "get_state"},
    ])
    # A long mixed run crossing many MT19937 regenerations.
    add_case(cases, "mixed/long", 123, [
        {"op": "rand", "dtype": "float64", "size": [997]},
        {"op": "randn", "dtype": "float32", "size": [7]},
        {"op": "randint", "dtype": "int64", "low": 0, "high": 2**35, "size": [301]},
        {"op": "randperm", "dtype": "int64", "n": 64},
        {"op": "randn", "dtype": "float32", "size": [1001]},
        {"op": "uniform_", "dtype": "float32", "size": [99], "from": -3.0, "to": 0.5},
        {"op": "get_state"},
    ])
    return cases


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "tests/golden/random.json"
    cases = build()
    with open(out, "w") as f:
        json.dump({"generator": "tools/gen_random_golden.py", "torch": torch.__version__,
                   "cases": cases}, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {len(cases)} cases to {out}")


if __name__ == "__main__":
    main()
