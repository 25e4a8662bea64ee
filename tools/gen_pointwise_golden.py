#!/usr/bin/python3
"""Writes tests/golden/pointwise.json: PyTorch 1.13 results for the pointwise families
(unary math, activations, binary/ternary ops), read by tests/unit/test_pointwise.cpp.

Run with Debian's PyTorch (always /usr/bin/python3):
    /usr/bin/python3 tools/gen_pointwise_golden.py [output.json]

Each case names a registry op, its arguments and how it is called ("f": functional, "i":
in-place, the result must be the first argument; "o": with out=, the result must be the out
tensor). Tensor arguments are stored exactly (storage values, dtype, shape, layout "c"
contiguous or "t" a transposed view of a contiguous [d1, d0] tensor), so the C++ side rebuilds
the same inputs bit for bit. The expectation is the result (dtype, shape, values in row-major
order) or the error PyTorch raises (its class and message).
"""
import json
import math
import sys
import warnings

import torch
import torch.nn.functional as F

warnings.filterwarnings("ignore")  # uint8 masks/conditions are deprecated but still accepted
torch.set_num_threads(1)
torch.set_default_dtype(torch.float32)
G = torch.Generator().manual_seed(1234)

DT = {"bool": torch.bool, "uint8": torch.uint8, "int8": torch.int8, "int16": torch.int16,
      "int32": torch.int32, "int64": torch.int64, "float16": torch.float16,
      "bfloat16": torch.bfloat16, "float32": torch.float32, "float64": torch.float64}
NAME = {v: k for k, v in DT.items()}
NAN, INF = float("nan"), float("inf")


def enc(v, dtype):
    if dtype.is_floating_point:
        return float(v).hex() if math.isfinite(v) else str(float(v))
    if dtype == torch.bool:
        return "1" if v else "0"
    return str(int(v))


class T:
    """A tensor argument: logical values, dtype, layout."""

    def __init__(self, t, layout="c"):
        self.t, self.layout = t, layout
        assert layout == "c" or t.dim() == 2

    def torch(self):
        if self.layout == "t":
            return self.t.t().contiguous().t()
        return self.t.clone()

    def json(self):
        store = self.t.t().contiguous() if self.layout == "t" else self.t.contiguous()
        vals = store.reshape(-1).tolist()
        return {"t": {"dtype": NAME[self.t.dtype], "shape": list(self.t.shape), "layout": self.layout,
                      "data": [enc(v, self.t.dtype) for v in vals]}}


def scalar_json(v):
    if v is None:
        return {"n": None}
    if isinstance(v, bool):
        return {"b": v}
    if isinstance(v, int):
        return {"i": v}
    if isinstance(v, float):
        return {"f": v.hex() if math.isfinite(v) else str(v)}
    if isinstance(v, str):
        return {"s": v}
    raise TypeError(v)


def arg_json(a):
    return a.json() if isinstance(a, T) else scalar_json(a)


def arg_torch(a):
    return a.torch() if isinstance(a, T) else a


def lookup(name):
    for mod in (torch, torch._C._nn, torch.Tensor, torch.special):
        f = getattr(mod, name, None)
        if f is not None:
            return f
    raise AttributeError(name)


PY_NAME = {"max": "max", "min": "min", "log_sigmoid": "log_sigmoid"}
CASES = []


def case(group, op, args, kwargs=None, mode="f", out=None, tol=None, prefix=False, py=None):
    """Records `op(*args, **kwargs)` (mode "i": op_(...); "o": with out=T(out))."""
    kwargs = dict(kwargs or {})
    targs = [arg_torch(a) for a in args]
    tkw = {k: arg_torch(v) for k, v in kwargs.items()}
    name = op + "_" if mode == "i" else op
    fn = py or lookup(PY_NAME.get(name, name))
    c = {"group": group, "op": name, "mode": mode, "args": [arg_json(a) for a in args],
         "kwargs": {k: arg_json(v) for k, v in kwargs.items()}}
    if mode == "o":
        c["kwargs"]["out"] = out.json()
        tkw["out"] = out.torch()
    try:
        r = fn(*targs, **tkw)
        if isinstance(r, bool):
            c["expect"] = {"bool": r}
        else:
            r = r.detach()
            c["expect"] = {"dtype": NAME[r.dtype], "shape": list(r.shape),
                           "values": [enc(v, r.dtype) for v in r.reshape(-1).tolist()]}
    except TypeError:
        return  # Python argument parsing (a missing out= binding), not the op's behaviour
    except (RuntimeError, ValueError, IndexError, ZeroDivisionError) as e:
        msg = str(e).split("\n")[0]
        if "INTERNAL ASSERT" in msg:
            return  # a PyTorch bug, nothing to mirror
        if prefix:  # compare without the trailing dtype (PyTorch spells it two ways)
            cut = msg.find("desired output type")
            msg = msg[:cut + len("desired output type")] if cut >= 0 else msg[:msg.rfind(" ")]
        c["expect"] = {"error": type(e).__name__, "msg": msg, "prefix": prefix}
    if tol:
        c["tol"] = list(tol)
    c["id"] = f"{group}/{name}#{len(CASES)}"
    CASES.append(c)


def rnd(shape, lo, hi, dtype=torch.float32):
    return (torch.rand(shape, generator=G, dtype=torch.float64) * (hi - lo) + lo).to(dtype)


def rndi(shape, lo, hi, dtype=torch.int64):
    return torch.randint(lo, hi, shape, generator=G).to(dtype)


def vals(v, dtype=torch.float32):
    return torch.tensor(v, dtype=dtype)


SPECIAL = [NAN, INF, -INF, 0.0, -0.0, 1.0]

# ---- unary float math: domain per op ----
FLOAT_UNARY = {
    "sqrt": (0.1, 10), "rsqrt": (0.1, 10), "exp": (-10, 10), "log": (0.05, 20),
    "sin": (-6, 6), "cos": (-6, 6), "tan": (-1.4, 1.4), "tanh": (-5, 5), "sigmoid": (-8, 8),
    "reciprocal": (0.5, 4), "exp2": (-8, 8), "expm1": (-3, 3), "log2": (0.05, 20),
    "log10": (0.05, 20), "log1p": (-0.9, 10), "asin": (-0.99, 0.99), "acos": (-0.99, 0.99),
    "atan": (-5, 5), "sinh": (-5, 5), "cosh": (-5, 5), "asinh": (-5, 5), "acosh": (1.01, 10),
    "atanh": (-0.95, 0.95), "erf": (-3, 3), "erfc": (-2, 3), "erfinv": (-0.95, 0.95),
    "lgamma": (0.1, 8), "digamma": (0.1, 8), "sinc": (-3, 3), "deg2rad": (-360, 360),
    "rad2deg": (-6, 6),
}
for op, (lo, hi) in FLOAT_UNARY.items():
    g = "unary_float"
    case(g, op, [T(rnd([3, 5], lo, hi))])
    case(g, op, [T(rnd([4, 3], lo, hi), "t")])
    case(g, op, [T(rnd([37], lo, hi, torch.float64))])
    case(g, op, [T(rnd([2, 3], lo, hi, torch.bfloat16))])
    case(g, op, [T(rnd([2, 3], lo, hi, torch.float16))])
    case(g, op, [T(rndi([2, 3], int(math.ceil(lo)), int(math.floor(hi)) + 1))])
    case(g, op, [T(vals([True, False]))] if lo <= 0 <= hi or lo <= 1 <= hi else [T(vals([True]))])
    case(g, op, [T(vals(SPECIAL))])
    case(g, op, [T(vals(0.5 * (lo + hi)))])
    case(g, op, [T(torch.empty(0, 3))])
    case(g, op, [T(rnd([2, 3], lo, hi))], mode="i")
    case(g, op, [T(rndi([3], 1, 2))], mode="i", prefix=True)
    case(g, op, [T(rnd([2, 3], lo, hi))], mode="o", out=T(torch.zeros(2, 3, dtype=torch.float64)))
    case(g, op, [T(rnd([2, 3], lo, hi))], mode="o", out=T(torch.zeros(0)))
# Longer contiguous runs exercise the vector body and the padded tail.
for op in ["exp", "log", "tanh", "sigmoid", "sin", "erf", "sqrt"]:
    lo, hi = FLOAT_UNARY[op]
    case("unary_float", op, [T(rnd([67], lo, hi))])
case("unary_float", "logit", [T(rnd([2, 4], 0.01, 0.99))])
case("unary_float", "logit", [T(vals([0.0, 0.05, 0.5, 0.99, 1.0, NAN, -1.0]))], {"eps": 0.1})
case("unary_float", "logit", [T(vals([0.0, 0.05, 0.5, 1.0, NAN]))])
case("unary_float", "logit", [T(rndi([4], 0, 2))], {"eps": 0.25})
case("unary_float", "logit", [T(rnd([2, 2], 0.1, 0.9))], {"eps": 0.2}, mode="i")
case("unary_float", "logit", [T(rnd([2, 2], 0.1, 0.9, torch.float16))])
case("unary_float", "digamma", [T(vals([0.0, -0.0, -1.0, -2.5, -0.5, 1e-8, 10.0, 30.5]))])
case("unary_float", "lgamma", [T(vals([0.0, -1.0, -2.5, -0.5, 1e-8, 10.0, 30.5]))])
case("unary_float", "erfinv", [T(vals([-1.0, -0.999, 0.0, 0.3, 0.7, 0.71, 1.0, 1.5]))])
case("unary_float", "erfinv", [T(vals([-1.0, -0.999, 0.0, 0.3, 0.7, 0.71, 1.0, 1.5], torch.float64))])

# ---- same-dtype unary ops over every dtype ----
ALL_DT = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64"]


def sample(dt, shape=(2, 3)):
    d = DT[dt]
    if d == torch.bool:
        return rndi(list(shape), 0, 2).bool()
    if d == torch.uint8:
        return rndi(list(shape), 0, 200, d)
    if not d.is_floating_point:
        return rndi(list(shape), -100, 100, d)
    return rnd(list(shape), -7.5, 7.5).to(d)


for op in ["neg", "abs", "sign", "sgn", "floor", "ceil", "round", "trunc", "frac", "bitwise_not",
           "square", "relu", "logical_not", "isnan", "isinf", "isfinite", "isposinf", "isneginf",
           "signbit", "nan_to_num", "positive"]:
    g = "unary_plain"
    for dt in ALL_DT:
        case(g, op, [T(sample(dt))])
    case(g, op, [T(sample("float32", (4, 3)), "t")])
    if op not in ("positive", "isfinite"):
        case(g, op, [T(sample("int32"))], mode="o", out=T(torch.zeros(2, 3, dtype=torch.int32)))
        case(g, op, [T(sample("float32"))], mode="o", out=T(torch.zeros(5, dtype=torch.float32)))
        case(g, op, [T(sample("float32"))], mode="o", out=T(torch.zeros(2, 3, dtype=torch.float64)), prefix=True)
        case(g, op, [T(sample("float32"))], mode="o", out=T(torch.zeros(2, 3, dtype=torch.bool)), prefix=True)
    if op not in ("isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "positive"):
        case(g, op, [T(sample("float32"))], mode="i")
        case(g, op, [T(sample("int64"))], mode="i", prefix=True)
    if op not in ("bitwise_not",):
        case(g, op, [T(vals(SPECIAL + [-2.5, 2.5, 0.5, -0.5, 1.5]))])
        case(g, op, [T(vals(SPECIAL, torch.float64))])
    case(g, op, [T(vals(-3.25))])
    case(g, op, [T(torch.empty(3, 0))])
for d in [0, 1, 2, -1, -2]:
    case("unary_plain", "round", [T(vals([1.25, 2.5, -0.5, 1234.5678, 0.125, -2.675, NAN]))], {"decimals": d})
case("unary_plain", "round", [T(vals([1.25, 2.5, 0.125], torch.float64))], {"decimals": 2})
case("unary_plain", "round", [T(vals([1.25, 2.5, 0.125], torch.bfloat16))], {"decimals": 1})
case("unary_plain", "round", [T(vals([1, 2]).long())], {"decimals": 2})
case("unary_plain", "round", [T(vals([1, 2]).long())], {"decimals": 0})
case("unary_plain", "round", [T(vals([1.25, 2.5, 0.125]))], {"decimals": 1}, mode="i")
case("unary_plain", "nan_to_num", [T(vals([NAN, INF, -INF, 1.5]))], {"nan": 2.0, "posinf": 9.0})
case("unary_plain", "nan_to_num", [T(vals([NAN, INF, -INF, 1.5], torch.float64))], {"neginf": -7.0})
case("unary_plain", "nan_to_num", [T(vals([NAN, INF, -INF, 1.5], torch.float16))])
case("unary_plain", "nan_to_num", [T(vals([NAN, INF, -INF, 1.5], torch.bfloat16))])
case("unary_plain", "nan_to_num", [T(vals([1, 2]).long())], {"nan": 1.5})

# ---- clamp family ----
g = "clamp"
for dt in ALL_DT:
    x = sample(dt)
    case(g, "clamp", [T(x), -2, 3])
    case(g, "clamp", [T(x), 0.5])
    case(g, "clamp", [T(x)], {"max": 1})
    case(g, "clamp_min", [T(x), 1])
    case(g, "clamp_max", [T(x), 1])
    case(g, "clamp", [T(x), T(sample(dt, (3,))), T(sample(dt, (2, 1)))])
    case(g, "clamp", [T(x), T(sample(dt, (3,)))])
    case(g, "clamp", [T(x), None, T(sample(dt, (3,)))])
    case(g, "hardtanh", [T(x)])
    case(g, "relu6", [T(x)])
    case(g, "threshold", [T(x), 1, 20])
case(g, "clamp", [T(sample("int64"))])
case(g, "clamp", [T(sample("int64")), None, None])
case(g, "clamp", [T(vals([NAN, 1.0, -3.0, 5.0])), 0.0, 2.0])
case(g, "clamp", [T(vals([NAN, 1.0, -3.0, 5.0])), NAN, 2.0])
case(g, "clamp", [T(vals([NAN, 1.0, -3.0, 5.0]))], {"min": NAN})
case(g, "clamp", [T(vals([NAN, 1.0, -3.0, 5.0]))], {"max": NAN})
case(g, "clamp_min", [T(vals([NAN, 1.0, -3.0]))], {"min": NAN})
case(g, "clamp_max", [T(vals([NAN, 1.0, -3.0]))], {"max": NAN})
case(g, "clamp", [T(vals([NAN, 1.0, -3.0, 5.0])), T(vals(NAN)), T(vals(1.0))])
case(g, "clamp", [T(vals([NAN, 1.0, -3.0, 5.0])), T(vals([0.0, NAN, 0.0, 0.0]))])
case(g, "clamp", [T(vals([1.0, 5.0])), 3.0, 2.0])
case(g, "clamp", [T(vals([1, 200], torch.uint8)), -1])
case(g, "clamp", [T(sample("float32", (4, 3)), "t"), -1.5, 2.5])
case(g, "clamp", [T(sample("int64")), 0.5], mode="i", prefix=True)
case(g, "clamp", [T(sample("float32")), -1, 1], mode="i")
case(g, "clamp", [T(sample("float32")), T(vals(-1.0)), T(vals([0.5, 1.0, 2.0]))], mode="i")
case(g, "clamp", [T(sample("float32")), -1, 1], mode="o", out=T(torch.zeros(1, dtype=torch.float64)))
case(g, "clamp_min", [T(sample("float32")), T(sample("float32", (2, 3)))], mode="o", out=T(torch.zeros(2, 3)))
case(g, "clip", [T(sample("float32")), -1, 1])
case(g, "clip", [T(sample("float32")), T(vals(-1.0)), T(vals(1.0))])
case(g, "hardtanh", [T(vals([1, 2, 3])), -1.5, 2.5])
case(g, "hardtanh", [T(vals([1, 2, 3], torch.uint8)), -1, 2])
case(g, "hardtanh", [T(sample("float32")), 2, 1])
case(g, "hardtanh", [T(sample("float32")), -0.5, 0.5], mode="i")
case(g, "hardtanh", [T(sample("float32"))], mode="o", out=T(torch.zeros(2, 3, dtype=torch.float64)))
case(g, "threshold", [T(vals([1, 2, 3])), 1.5, 2.5])
case(g, "threshold", [T(sample("float32")), 0.5, -9], mode="i")
case(g, "threshold", [T(sample("float32")), 0.5, -9], mode="o", out=T(torch.zeros(2, 3, dtype=torch.float64)))

# ---- activations ----
g = "activation"
ACT = [("gelu", {}), ("gelu", {"approximate": "tanh"}), ("silu", {}), ("mish", {}),
       ("softplus", {}), ("softplus", {"beta": 2, "threshold": 3}), ("elu", {}),
       ("elu", {"alpha": 0.5, "scale": 2.0, "input_scale": 1.5}), ("selu", {}), ("celu", {}),
       ("celu", {"alpha": 2.0}), ("leaky_relu", {}), ("leaky_relu", {"negative_slope": 0.2}),
       ("hardsigmoid", {}), ("hardswish", {}), ("log_sigmoid", {})]
for op, kw in ACT:
    case(g, op, [T(rnd([4, 9], -6, 6))], kw)
    case(g, op, [T(rnd([5, 3], -6, 6), "t")], kw)
    case(g, op, [T(rnd([19], -6, 6, torch.float64))], kw)
    case(g, op, [T(rnd([7], -6, 6, torch.bfloat16))], kw)
    case(g, op, [T(rnd([3], -6, 6, torch.float16))], kw)
    case(g, op, [T(rndi([3], -3, 3))], kw)
    case(g, op, [T(vals(SPECIAL + [-30.0, 30.0, -1e-4, 100.0, -100.0]))], kw)
    case(g, op, [T(vals(0.75))], kw)
    case(g, op, [T(torch.empty(2, 0))], kw)
    if op not in ("softplus", "log_sigmoid"):
        case(g, op, [T(rnd([2, 5], -6, 6))], kw, mode="i")
    case(g, op, [T(rnd([2, 5], -6, 6))], kw, mode="o", out=T(torch.zeros(3)))
    case(g, op, [T(rnd([2, 5], -6, 6))], kw, mode="o", out=T(torch.zeros(2, 5, dtype=torch.float64)))
case(g, "gelu", [T(rnd([3], -1, 1))], {"approximate": "fast"})
case(g, "celu", [T(rnd([3], -1, 1))], {"alpha": 0.0})
for sz in [8, 67]:
    for op, kw in [("gelu", {}), ("gelu", {"approximate": "tanh"}), ("silu", {}), ("mish", {}),
                   ("elu", {}), ("log_sigmoid", {}), ("softplus", {})]:
        case(g, op, [T(rnd([sz], -9, 9))], kw)

# ---- binary ops ----


def binary_cases(g, op, lo=-5, hi=5, ints=True, bools=True, scalars=(2, 0.5), inplace=True, out=True,
                 a_lo=None):
    a_lo = lo if a_lo is None else a_lo
    case(g, op, [T(rnd([2, 3], a_lo, hi)), T(rnd([2, 3], lo, hi))])
    case(g, op, [T(rnd([2, 1, 3], a_lo, hi)), T(rnd([4, 1], lo, hi))])  # broadcast both ways
    case(g, op, [T(rnd([3, 4], a_lo, hi), "t"), T(rnd([3], lo, hi))])
    case(g, op, [T(rnd([9], a_lo, hi, torch.float64)), T(rnd([9], lo, hi))])
    case(g, op, [T(rnd([5], a_lo, hi, torch.bfloat16)), T(rnd([5], lo, hi, torch.bfloat16))])
    case(g, op, [T(rnd([5], a_lo, hi, torch.float16)), T(rnd([5], lo, hi, torch.float16))])
    case(g, op, [T(rnd([37], a_lo, hi)), T(rnd([37], lo, hi))])
    case(g, op, [T(rnd([3], a_lo, hi)), T(vals(1.5, torch.float64))])  # 0-dim takes part less
    case(g, op, [T(torch.empty(0, 3)), T(rnd([3], lo, hi))])
    case(g, op, [T(vals(SPECIAL)), T(vals([1.0, NAN, 2.0, INF, -1.0, 0.0]))])
    case(g, op, [T(rnd([2, 3], lo, hi)), T(rnd([4], lo, hi))])  # broadcast error
    if ints:
        nz = lambda s: rndi(s, 1, 6) * (torch.randint(0, 2, s, generator=G) * 2 - 1)
        case(g, op, [T(rndi([2, 3], -9, 10)), T(nz([2, 3]))])
        case(g, op, [T(rndi([2, 3], 0, 200, torch.uint8)), T(rndi([3], 1, 9, torch.uint8))])
        case(g, op, [T(rndi([4], -9, 10, torch.int32)), T(rnd([4], lo, hi))])
        case(g, op, [T(rndi([4], -9, 10)), T(rndi([4], 1, 4, torch.int8))])
    if bools:
        case(g, op, [T(vals([True, False, True, False])), T(vals([True, True, False, False]))])
        case(g, op, [T(vals([True, False])), T(rnd([2], lo, hi))])
    for s in scalars:
        case(g, op, [T(rnd([2, 3], a_lo, hi)), s])
        if ints:
            case(g, op, [T(rndi([2, 3], -9, 10)), s])
    if inplace:
        case(g, op, [T(rnd([2, 3], a_lo, hi)), T(rnd([3], lo, hi))], mode="i")
        case(g, op, [T(rnd([3], a_lo, hi)), T(rnd([2, 3], lo, hi))], mode="i")
        if ints:
            case(g, op, [T(rndi([3], -9, 10)), T(rnd([3], lo, hi))], mode="i", prefix=True)
    if out:
        case(g, op, [T(rnd([2, 3], a_lo, hi)), T(rnd([3], lo, hi))], mode="o",
             out=T(torch.zeros(2, 3, dtype=torch.float64)))
        case(g, op, [T(rnd([2, 3], a_lo, hi)), T(rnd([3], lo, hi))], mode="o", out=T(torch.zeros(7)))
        case(g, op, [T(rnd([2, 3], a_lo, hi)), T(rnd([3], lo, hi))], mode="o",
             out=T(torch.zeros(2, 3, dtype=torch.int64)), prefix=True)


for op in ["eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor"]:
    binary_cases("compare", op, scalars=(1, 0.5, True))
    case("compare", op, [T(vals([1, 2, 3])), T(vals([1, 5, 3]))], mode="i")
    case("compare", op, [T(rnd([2, 3], -1, 1)), T(rnd([3], -1, 1))], mode="o",
         out=T(torch.zeros(2, 3, dtype=torch.bool)))
for op in ["maximum", "minimum", "fmax", "fmin", "max", "min"]:
    binary_cases("maxmin", op, scalars=(), inplace=False)
for op in ["remainder", "fmod"]:
    binary_cases("division", op, scalars=(2, -1.5, 0))
    case("division", op, [T(rndi([3], -9, 9)), T(vals([1, 0, 2]))])
    case("division", op, [T(rndi([3], -9, 9)), 0])
    case("division", op, [T(rnd([3], -9, 9)), 0.0])
case("division", "remainder", [5, T(rndi([3], 1, 9))])
case("division", "remainder", [-1.5, T(vals([2, 3, -4]))])
case("division", "remainder", [T(vals([-3.0, 3.0, -3.0, 3.0, 0.0, -0.0])), T(vals([2.0, -2.0, -2.0, 2.0, -2.0, 2.0]))])
case("division", "fmod", [T(vals([-3.0, 3.0, -3.0, 3.0, 0.0, -0.0])), T(vals([2.0, -2.0, -2.0, 2.0, -2.0, 2.0]))])
for op in ["floor_divide", "true_divide"]:
    binary_cases("division", op, scalars=(2, -1.5))
case("division", "floor_divide", [T(vals([-7, 7, -7, 7])), T(vals([2, 2, -2, -2]))])
case("division", "floor_divide", [T(vals([1, 2])), 0])
for op in ["bitwise_and", "bitwise_or", "bitwise_xor"]:
    binary_cases("bitwise", op, scalars=(3, True, 1.5))
    case("bitwise", op, [5, T(rndi([3], -9, 9))])
    case("bitwise", op, [T(vals([True, False])), 3])
    case("bitwise", op, [T(rndi([4], -50, 50, torch.int16)), T(rndi([4], -50, 50, torch.int8))])
for op, lo, hi in [("atan2", -5, 5), ("hypot", -5, 5), ("copysign", -5, 5), ("logaddexp", -20, 20),
                   ("logaddexp2", -20, 20), ("xlogy", -1, 5)]:
    binary_cases("float_binary", op, lo, hi, scalars=(2, 0.5) if op in ("copysign", "xlogy") else (),
                 inplace=op in ("atan2", "hypot", "copysign", "xlogy"), a_lo=0 if op == "xlogy" else None)
case("float_binary", "xlogy", [T(vals([0.0, 0.0, 1.0, 2.0, 0.0])), T(vals([NAN, 0.0, 0.0, -1.0, INF]))])
case("float_binary", "xlogy", [0, T(vals([NAN, 0.0, 1.0]))])
case("float_binary", "xlogy", [2.5, T(vals([1, 2, 3]))])
case("float_binary", "logaddexp", [T(vals([INF, -INF, INF, 1.0])), T(vals([INF, -INF, -INF, NAN]))])
case("float_binary", "logaddexp2", [T(vals([INF, -INF, INF, 1.0])), T(vals([INF, -INF, -INF, NAN]))])
case("float_binary", "hypot", [T(vals([1, 2]).long()), T(vals([1, 2]).long())])

# ---- pow ----
g = "pow"
binary_cases(g, "pow", 0.1, 3, scalars=(2, 3, 0.5, -0.5, -1, -2, 0, 1, 2.5, True, False))
case(g, "pow", [T(vals([-2.0, -0.0, 0.0, 1.5, NAN, INF, -INF, 4.0])), T(vals([0.5, -1.0, -1.0, 2.0, 0.0, -0.5, 3.0, -0.5]))])
for e in [2, 3, 0.5, -0.5, -1, -2, 0, 1, 2.5, -1.25]:
    case(g, "pow", [T(vals([-2.0, -0.0, 0.0, 1.5, NAN, INF, -INF, 4.0, 0.3, 7.0, 1e-3])), e])
    case(g, "pow", [T(vals([-2.0, 0.0, 1.5, 4.0, 0.3], torch.bfloat16)), e])
    case(g, "pow", [T(vals([-2.0, 0.0, 1.5, 4.0, 0.3], torch.float16)), e])
    case(g, "pow", [T(vals([-2.0, 0.0, 1.5, 4.0, 0.3], torch.float64)), e])
    case(g, "pow", [T(rnd([41], 0.1, 3)), e])
case(g, "pow", [T(vals([1, 2, 3])), -1])
case(g, "pow", [T(vals([True, False])), -1])
case(g, "pow", [T(vals([0, -1, 2, 1, -2, 3])), T(vals([-1, -3, -2, -5, 3, 0]))])
case(g, "pow", [T(vals([0, 1, 2, 3], torch.uint8)), T(vals([3, 2, 7, 4], torch.uint8))])
case(g, "pow", [T(vals([-3, 5, 2, 7], torch.int8)), 3])
case(g, "pow", [2, T(vals([0, 1, 5]))])
case(g, "pow", [2.5, T(vals([0, 1, 5]))])
case(g, "pow", [2, T(vals([True, False]))])
case(g, "pow", [1, T(vals([NAN, 2.0]))])
case(g, "pow", [T(vals([1.0, 2.0])), 2], mode="o", out=T(torch.zeros(2, dtype=torch.float64)))
case(g, "pow", [2, T(vals([1.0, 2.0]))], mode="o", out=T(torch.zeros(2)))
case(g, "pow", [T(vals([1, 2])), 2], mode="i")
case(g, "pow", [T(vals([1, 2])), 0.5], mode="i", prefix=True)
for a in [[T(vals([1, 2, 3])), T(vals([2.0, 0.5, -1.0]))], [T(vals([1.5, 2.0])), 2], [2, T(vals([1, 3]))],
          [T(vals([1, 2], torch.float16)), T(vals([True, False]))]]:
    case(g, "float_power", a)
case(g, "float_power", [T(vals([1.0, 2.0], torch.float64)), 2], mode="i")
case(g, "float_power", [T(vals([1.0, 2.0])), 2], mode="i")
case(g, "float_power", [T(vals([1.0, 2.0])), 2], mode="o", out=T(torch.zeros(2)))
case(g, "float_power", [T(vals([1.0, 2.0])), 2], mode="o", out=T(torch.zeros(2, dtype=torch.float64)))

# ---- rsub ----
g = "rsub"
case(g, "rsub", [T(vals([1, 2, 3])), 2])
case(g, "rsub", [T(vals([1, 2, 3])), 2], {"alpha": 3})
case(g, "rsub", [T(rnd([2, 3], -2, 2)), T(rnd([3], -2, 2))], {"alpha": 0.5})
case(g, "rsub", [T(vals([True, False])), T(vals([True, True]))])
case(g, "rsub", [T(vals([1, 2])), 2], {"alpha": 0.5})

# ---- where, masked_fill ----
g = "where"
cond = rndi([2, 3], 0, 2).bool()
for dt in ALL_DT:
    case(g, "where", [T(cond), T(sample(dt)), T(sample(dt, (3,)))])
case(g, "where", [T(cond), T(sample("float32")), T(sample("int64", (2, 1)))])
case(g, "where", [T(cond), T(sample("int32")), 2.5])
case(g, "where", [T(cond), 1.0, 0.0])
case(g, "where", [T(cond), 1, 0])
case(g, "where", [T(cond), True, 2])
case(g, "where", [T(cond), -1, T(sample("float16", (3,)))])
case(g, "where", [T(rndi([4, 3], 0, 2).bool(), "t"), T(sample("float32", (3, 1))), T(sample("float32", (4,)))])
case(g, "where", [T(rndi([2, 3], 0, 2).to(torch.uint8)), T(sample("float32")), T(sample("float32"))])
case(g, "where", [T(sample("float32")), T(sample("float32")), T(sample("float32"))])
case(g, "where", [T(cond), T(sample("float32", (2,))), T(sample("float32"))])
case(g, "where", [T(torch.empty(0, 3, dtype=torch.bool)), T(sample("float32", (3,))), 0.0])
case(g, "where", [T(cond), T(sample("float32")), T(sample("float32", (3,)))], mode="o", out=T(torch.zeros(1)))
g = "masked_fill"
mask = rndi([2, 3], 0, 2).bool()
for dt in ALL_DT:
    case(g, "masked_fill", [T(sample(dt)), T(mask), 1])
    case(g, "masked_fill", [T(sample(dt)), T(mask), T(vals(0.0))])
case(g, "masked_fill", [T(sample("int64")), T(mask), 2.5])
case(g, "masked_fill", [T(sample("float32")), T(mask), NAN])
case(g, "masked_fill", [T(sample("float32")), T(mask), -INF])
case(g, "masked_fill", [T(sample("float32", (3,))), T(mask), 7])
case(g, "masked_fill", [T(sample("float32", (4, 3)), "t"), T(rndi([4], 0, 2).bool()), -1])
case(g, "masked_fill", [T(sample("float32")), T(mask), 1e300])
case(g, "masked_fill", [T(sample("int8")), T(mask), 200])
case(g, "masked_fill", [T(sample("int8")), T(mask), 127.5])
case(g, "masked_fill", [T(sample("uint8")), T(mask), -1])
case(g, "masked_fill", [T(sample("float16")), T(mask), 1e5])
case(g, "masked_fill", [T(sample("float32")), T(mask), T(vals([2.0]))])
case(g, "masked_fill", [T(sample("float32")), T(rndi([2, 3], 0, 2).to(torch.uint8)), 3])
case(g, "masked_fill", [T(sample("float32")), T(vals([1, 2, 0]).to(torch.uint8)), 3])
case(g, "masked_fill", [T(sample("float32")), T(vals([True, False])), 3])
case(g, "masked_fill", [T(sample("float32")), T(mask), 5], mode="i")
case(g, "masked_fill", [T(sample("float32", (3,))), T(mask), 5], mode="i")
case(g, "masked_fill", [T(sample("float32")), T(mask), T(vals(5, torch.int64))], mode="i")

# ---- lerp, addcmul, addcdiv ----
g = "ternary"
case(g, "lerp", [T(rnd([2, 3], -3, 3)), T(rnd([3], -3, 3)), 0.3])
case(g, "lerp", [T(vals([1.0])), T(vals([3.0])), T(vals([-0.7, 0.3, 0.5, 0.7, 1.3]))])
case(g, "lerp", [T(rnd([3, 2], -3, 3), "t"), T(rnd([2, 3], -3, 3)), T(rnd([3], 0, 1))])
case(g, "lerp", [T(rnd([4], -3, 3, torch.float64)), T(rnd([4], -3, 3, torch.float64)), 0.75])
case(g, "lerp", [T(rnd([4], -3, 3, torch.bfloat16)), T(rnd([4], -3, 3, torch.bfloat16)), 0.75])
case(g, "lerp", [T(rnd([4], -3, 3, torch.float16)), T(rnd([4], -3, 3, torch.float16)), 0.75])
case(g, "lerp", [T(vals([1, 2])), T(vals([3, 4])), 0.5])
case(g, "lerp", [T(rnd([2], -3, 3)), T(rnd([2], -3, 3, torch.float64)), 0.5])
case(g, "lerp", [T(rnd([2], -3, 3)), T(rnd([2], -3, 3)), T(vals(0.5, torch.float64))])
case(g, "lerp", [T(rnd([2, 3], -3, 3)), T(rnd([3], -3, 3)), 0.3], mode="i")
case(g, "lerp", [T(rnd([2, 3], -3, 3)), T(rnd([3], -3, 3)), 0.3], mode="o", out=T(torch.zeros(0)))
for op in ["addcmul", "addcdiv"]:
    case(g, op, [T(rnd([2, 3], -3, 3)), T(rnd([3], -3, 3)), T(rnd([2, 1], 0.5, 3))])
    case(g, op, [T(rnd([2, 3], -3, 3)), T(rnd([3], -3, 3)), T(rnd([2, 1], 0.5, 3))], {"value": -0.5})
    case(g, op, [T(rnd([3, 2], -3, 3), "t"), T(rnd([3], -3, 3)), T(rnd([2, 3], 0.5, 3))])
    case(g, op, [T(rndi([3], -5, 5)), T(rndi([3], 1, 5)), T(rndi([3], 1, 5))], {"value": 2})
    case(g, op, [T(rndi([3], -5, 5)), T(rndi([3], 1, 5)), T(rndi([3], 1, 5))], {"value": 0.5})
    case(g, op, [T(rnd([3], -3, 3)), T(rndi([3], 1, 5)), T(rndi([3], 1, 5))], {"value": 0.5})
    case(g, op, [T(rnd([3], -3, 3, torch.float64)), T(rnd([3], -3, 3)), T(rnd([3], 1, 3))])
    case(g, op, [T(rnd([3], -3, 3, torch.bfloat16)), T(rnd([3], -3, 3, torch.bfloat16)), T(rnd([3], 1, 3, torch.bfloat16))])
    case(g, op, [T(rnd([3], -3, 3, torch.float16)), T(rnd([3], -3, 3, torch.float16)), T(rnd([3], 1, 3, torch.float16))])
    case(g, op, [T(vals([True, False])), T(vals([True, True])), T(vals([True, False]))])
    case(g, op, [T(rnd([2, 3], -3, 3)), T(rnd([3], -3, 3)), T(rnd([3], 0.5, 3))], {"value": 2}, mode="i")
    case(g, op, [T(rnd([2, 3], -3, 3)), T(rnd([3], -3, 3)), T(rnd([3], 0.5, 3))], mode="o",
         out=T(torch.zeros(2, 3, dtype=torch.float64)))

# ---- isclose, allclose, equal ----
g = "close"
a = rnd([6], -2, 2)
b = a + vals([0.0, 1e-6, 1e-4, -1e-3, 0.5, 0.0])
case(g, "isclose", [T(a), T(b)])
case(g, "isclose", [T(a), T(b)], {"rtol": 1e-3, "atol": 1e-4})
case(g, "isclose", [T(vals([NAN, INF, -INF, INF, 1.0])), T(vals([NAN, INF, INF, NAN, NAN]))])
case(g, "isclose", [T(vals([NAN, INF, 1.0])), T(vals([NAN, INF, NAN]))], {"equal_nan": True})
case(g, "isclose", [T(a.double()), T(b.double())], {"atol": 1e-6})
case(g, "isclose", [T(a.bfloat16()), T(b.bfloat16())])
case(g, "isclose", [T(vals([1, 2, 3])), T(vals([1, 3, 3]))], {"atol": 5})
case(g, "isclose", [T(vals([True, False])), T(vals([True, True]))])
case(g, "isclose", [T(a), T(b.double())])
case(g, "isclose", [T(a), T(b)], {"rtol": -1.0})
case(g, "isclose", [T(a), T(b)], {"atol": -1.0})
case(g, "isclose", [T(rnd([2, 3], -1, 1)), T(rnd([3], -1, 1))])
case(g, "allclose", [T(a), T(a + 1e-7)])
case(g, "allclose", [T(a), T(b)])
case(g, "allclose", [T(a), T(b)], {"atol": 1.0})
case(g, "equal", [T(a), T(a.clone())])
case(g, "equal", [T(a), T(b)])
case(g, "equal", [T(a), T(a.double())])
case(g, "equal", [T(vals([1, 2, 3])), T(vals([1, 2]))])
case(g, "equal", [T(vals([NAN])), T(vals([NAN]))])

out_path = sys.argv[1] if len(sys.argv) > 1 else "tests/golden/pointwise.json"
with open(out_path, "w") as f:
    f.write('{"generator": "tools/gen_pointwise_golden.py", "torch": "%s", "cases": [\n' % torch.__version__)
    f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in CASES))
    f.write("\n]}\n")
print(f"wrote {len(CASES)} cases to {out_path}")
