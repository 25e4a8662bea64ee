#!/usr/bin/python3
"""Writes tests/golden/print.json: PyTorch 1.13's repr() of a corpus of tensors.

Run with Debian's PyTorch (always /usr/bin/python3):
    /usr/bin/python3 tools/gen_print_golden.py [output.json]

Each case stores the tensor's dtype and its strided layout over a flat storage (sizes, strides,
storage offset, and every storage element: floats as float.hex() strings, "-nan" for a NaN with
its sign bit set; ints and bools as JSON numbers/booleans), the torch.set_printoptions keyword
arguments in force, the autograd and device state, and the expected repr string.
tests/unit/test_print.cpp rebuilds each tensor and compares ts::repr byte for byte.

Device cases: this machine has no CUDA, so a CPU tensor is printed while Tensor.device is
patched to report cuda:0; torch/_tensor_str.py only reads the device through that attribute.
"""
import contextlib
import json
import math
import os
import struct
import sys

import torch

kDefaultOut = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "golden",
                           "print.json")

nan = float("nan")
inf = float("inf")


def hexf(x):
    if math.isnan(x):
        sign = struct.pack("<d", x)[7] & 0x80
        return "-nan" if sign else "nan"
    return float.hex(x)


@contextlib.contextmanager
def fake_device(dev):
    if dev is None:
        yield
        return
    torch.Tensor.device = property(lambda self: torch.device(dev))
    try:
        yield
    finally:
        del torch.Tensor.device


@contextlib.contextmanager
def default_dtype(dt):
    old = torch.get_default_dtype()
    if dt is not None:
        torch.set_default_dtype(dt)
    try:
        yield
    finally:
        torch.set_default_dtype(old)


cases = []


def add(name, make, opts=None, device=None, dtype_default=None):
    """make() builds the tensor (under the case's default dtype); opts go to set_printoptions."""
    with default_dtype(dtype_default):
        t = make()
        torch.set_printoptions(**(opts or {}))
        try:
            with fake_device(device):
                text = repr(t)
        finally:
            torch.set_printoptions(profile="default")
    d = t.detach()
    n = d.storage().size()
    base = d.as_strided((n,), (1,), 0).tolist()
    if d.dtype.is_floating_point:
        storage = [hexf(v) for v in base]
    else:
        storage = base
    grad_fn = type(t.grad_fn).__name__ if t.grad_fn is not None else ""
    case = {
        "name": name,
        "dtype": str(d.dtype).replace("torch.", ""),
        "sizes": list(d.shape),
        "strides": list(d.stride()),
        "offset": d.storage_offset(),
        "storage": storage,
        "options": opts or {},
        "requires_grad": t.requires_grad,
        "grad_fn": grad_fn,
        "repr": text,
    }
    if device is not None:
        case["device"] = device
    if dtype_default is not None:
        case["default_dtype"] = str(dtype_default).replace("torch.", "")
    cases.append(case)


def T(values, dtype=None):
    return lambda: torch.tensor(values, dtype=dtype)


def randn(*shape, seed=0, dtype=torch.float32):
    def make():
        g = torch.Generator().manual_seed(seed)
        return torch.randn(*shape, generator=g, dtype=torch.float64).to(dtype)
    return make


def build():
    f16, bf16, f32, f64 = torch.float16, torch.bfloat16, torch.float32, torch.float64

    # 0-d tensors
    add("scalar float fixed", T(3.14159))
    add("scalar float integral", T(2.0))
    add("scalar float tiny", T(1.5e-7))
    add("scalar int64", T(7))
    add("scalar bool", T(True))
    add("scalar float64", T(-2.5, f64))
    add("scalar float16", T(1.5, f16))
    add("scalar uint8", T(200, torch.uint8))
    add("scalar nan", T(nan))
    add("scalar negative nan", lambda: -torch.tensor(nan))

    # 1-d float32: notation choice and widths
    add("fixed", T([1.5, -2.25, 3.125]))
    add("int mode", T([1.0, 2.0, 3.0]))
    add("int mode negative", T([-1.0, 2.0, -300.0]))
    add("int mode nan inf", T([1.0, nan, inf, -inf]))
    add("fixed with nan", T([1.5, nan, -inf]))
    add("sci ratio", T([1e-5, 1.0, 100.0]))
    add("sci huge", T([1e9, 2e9]))
    add("sci tiny", T([1e-5, 2e-5]))
    add("sci int mode ratio", T([1.0, 1e5]))
    add("int mode 1e8 bound", T([1e8, 5e7]))
    add("fixed wide", T([1234.5678, 2.5]))
    add("negative zero fixed", T([-0.0, 1.5]))
    add("negative zero only", T([-0.0, 0.0]))
    add("all nan", T([nan, nan]))
    add("all inf", T([inf, -inf]))
    add("single element", T([5.0]))
    add("rounding half even", T([0.125, 0.375, 2.5]), {"precision": 2})
    add("sci nan", T([1e10, nan]))

    # shapes and nesting
    add("2d randn", randn(3, 4))
    add("3d randn", randn(2, 3, 4, seed=1))
    add("4d randn", randn(2, 2, 2, 3, seed=2))
    add("2d (1, 1)", T([[4.0]]))
    add("3d with size-1 dim", randn(2, 1, 3, seed=3))
    add("2d nan inf", T([[1.5, nan], [inf, -2.0]]))

    # wrapping at linewidth
    add("wrap 1d float", randn(30, seed=4))
    add("wrap 1d int", lambda: torch.arange(50))
    add("wrap 2d rows", randn(3, 20, seed=5))
    add("wrap 3d rows", lambda: torch.arange(2 * 2 * 25).reshape(2, 2, 25) * 1000)

    # summarization
    add("summarize 1d", lambda: torch.arange(2000.0))
    add("summarize 2d", randn(50, 50, seed=6))
    add("summarize 3d", randn(12, 10, 10, seed=7))
    add("summarize 4d", randn(8, 2, 10, 10, seed=8))
    add("summarize only columns", randn(2, 1001, seed=9))
    add("summarize int64 2d", lambda: torch.arange(1500).reshape(30, 50))
    add("summarize bool", lambda: torch.arange(2000) % 3 == 0)
    add("summarize float16", lambda: (torch.arange(1200) * 0.25).to(f16))
    add("summarize width from shown only", lambda: torch.cat(
        [torch.ones(3), torch.full((1000,), 123456.0), torch.ones(3)]))

    # non-contiguous layouts
    add("transposed", lambda: randn(3, 4, seed=10)().t())
    add("strided slice", lambda: randn(4, 6, seed=11)()[:, ::2])
    add("expanded stride 0", lambda: torch.tensor([1, 2, 3]).expand(3, 3))
    add("permuted 3d", lambda: randn(2, 3, 4, seed=12)().permute(2, 0, 1))
    add("offset view", lambda: randn(4, 5, seed=13)()[1:, 2:])
    add("step-2 slices of both dims", lambda: torch.arange(12.0).reshape(3, 4)[::2, 1::2])

    # empty tensors
    add("empty float", T([]))
    add("empty (0, 3)", lambda: torch.zeros(0, 3))
    add("empty int64", lambda: torch.zeros(0, dtype=torch.int64))
    add("empty bool 3d", lambda: torch.zeros(2, 0, 3, dtype=torch.bool))
    add("empty float64", lambda: torch.zeros(0, dtype=f64))
    add("empty float16 2d", lambda: torch.zeros(4, 0, dtype=f16))

    # every dtype
    add("float64", T([1.5, 2.5, -3.0625], f64))
    add("float64 int mode", T([[1.0, 2.0], [3.0, 4.0]], f64))
    add("float16", T([1.5, 0.1, 65504.0], f16))
    add("float16 fixed", T([0.5, -0.25, 3.0], f16))
    add("bfloat16", T([1.5, 0.1, 3e38], bf16))
    add("bfloat16 2d", lambda: randn(2, 3, seed=14)().to(bf16))
    add("uint8", T([0, 255, 17], torch.uint8))
    add("int8", T([-128, 127, 0], torch.int8))
    add("int8 3d", lambda: (torch.arange(24) - 12).reshape(2, 3, 4).to(torch.int8))
    add("int16", T([-32768, 32767, 5], torch.int16))
    add("int32 2d", lambda: torch.arange(-6, 6, dtype=torch.int32).reshape(3, 4) * 1000)
    add("int64 extremes", T([-9223372036854775808, 9223372036854775807, 0]))
    add("bool 2d", T([[True, False], [False, True]]))
    add("bool wide", lambda: torch.arange(40) % 2 == 0)

    # print options
    add("precision 2", randn(5, seed=15), {"precision": 2})
    add("precision 8 float64", randn(4, seed=16, dtype=f64), {"precision": 8})
    add("precision 0", T([1.5, 2.5, 0.25]), {"precision": 0})
    add("sci_mode True", T([1.5, 2.25, -3.0]), {"sci_mode": True})
    add("sci_mode True int mode", T([1.0, 20.0]), {"sci_mode": True})
    add("sci_mode False tiny", T([1e-6, 2.5]), {"sci_mode": False})
    add("sci_mode False int mode huge", T([1.0, 1e10]), {"sci_mode": False})
    add("sci_mode True all zero", T([0.0, 0.0]), {"sci_mode": True})
    add("threshold 5", lambda: torch.arange(10), {"threshold": 5})
    add("edgeitems 1", randn(5, 5, seed=17), {"threshold": 10, "edgeitems": 1})
    add("edgeitems 0 vector", lambda: torch.arange(10.0), {"threshold": 5, "edgeitems": 0})
    add("linewidth 40", randn(20, seed=18), {"linewidth": 40})
    add("linewidth 10", T([1.5, 2.5, 3.5]), {"linewidth": 10})
    add("linewidth 200", randn(40, seed=19), {"linewidth": 200})
    add("profile short", randn(10, 10, seed=20), {"profile": "short", "threshold": 50})
    add("profile full", lambda: torch.arange(1200).reshape(40, 30), {"profile": "full"})
    add("sci precision 2 summarized", lambda: torch.logspace(-6, 6, 2000),
        {"precision": 2})
    add("threshold 0 scalar", T(1.25), {"threshold": 0})

    # autograd suffixes
    add("requires_grad leaf", lambda: torch.tensor([1.5, 2.0], requires_grad=True))
    add("grad_fn add", lambda: torch.tensor([1.5, 2.0], requires_grad=True) + 1)
    add("grad_fn wraps to new line",
        lambda: randn(8, seed=21, dtype=f64)().requires_grad_() * 2)
    add("requires_grad empty", lambda: torch.zeros(0, 2, requires_grad=True))
    add("grad_fn 2d sum", lambda: randn(2, 3, seed=22)().requires_grad_().sum(0))

    # device suffix
    add("cuda float", T([1.5, 2.0]), device="cuda:0")
    add("cuda float64 requires_grad",
        lambda: torch.tensor([1.0, 2.0], dtype=f64, requires_grad=True), device="cuda:1")
    add("cuda empty", lambda: torch.zeros(0, 3, dtype=torch.int32), device="cuda:0")

    # another default dtype
    add("default float64: float64 plain", T([1.5, 2.5], f64), dtype_default=f64)
    add("default float64: float32 marked", T([1.5, 2.5], f32), dtype_default=f64)
    add("default float64: empty float32", lambda: torch.zeros(0, dtype=f32), dtype_default=f64)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else kDefaultOut
    torch.set_printoptions(profile="default")
    build()
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), "duplicate case names"
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(c) for c in cases) + "\n]\n")
    print(f"wrote {len(cases)} cases to {out}")


if __name__ == "__main__":
    main()
