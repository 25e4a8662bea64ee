"""Conformance samples of pointwise unary math ops (exp2 ... xlogy) (imported by samples.py; same vocabulary, spec.py).
"""
from spec import (INF, NAN, T, U, V, Ar, B, N, b8, bf16, c, f16, f32, f64, i8, i16, i32, i64,  # noqa: F401
                  op, u8)
from samples import I, M, SPECIAL, unary, binary, reduce  # noqa: F401

# Values where these functions have poles, branch points or signed zeros, on top of SPECIAL.
EDGES = V(NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5)


def fmath(wide, *, gen, int_gen=U(-9, 10), f16_ok=False):
    """unary()'s samples of a float-result op, plus: in-place on an expanded tensor (an error),
    out= resized from another shape, cast into a float64 or bfloat16 out=, bfloat16 in place, and
    inputs drawn from `wide` (the whole useful domain), long enough for the vectorized loops."""
    return unary(gen=gen, int_gen=int_gen, f16_ok=f16_ok) + [
        c(T(3, 4, gen=gen, layout="expanded")).inplace().raises(),
        c(T(2, 3, gen=gen)).out(T(2, 3, layout="expanded")).raises(),
        c(T(2, 3, gen=gen)).out(T(5)),  # PyTorch resizes (with a deprecation warning)
        # computed in float32, then cast: float32's tolerance
        c(T(3, dtype=i64, gen=int_gen)).out(T(3, dtype=f64)).tol(1.3e-6, 1e-5),
        c(T(4, gen=gen)).out(T(4, dtype=bf16)),
        c(T(2, 3, dtype=bf16, gen=gen)).inplace(), c(T(4, dtype=i64, gen=int_gen)).method(),
        c(T(8, 8, gen=wide)), c(T(40, dtype=f64, gen=wide)), c(T(24, dtype=bf16, gen=wide)),
        c(T(5, 7, gen=wide, layout="transposed")), c(T(3, 4, gen=gen)).out(T(3, 4, layout="transposed")),
        c(T(2, 6, gen=gen, layout="strided")).out(T(2, 6, dtype=f64, layout="offset")),
    ]

# ---- exponentials and logarithms ----

op("exp2", fmath(U(-120.0, 120.0), gen=U(-4.0, 4.0), f16_ok=True) + [
    c(T(10, gen=EDGES)), c(T(5, dtype=f16, gen=EDGES)), c(T(40, dtype=f16, gen=U(-20.0, 16.0))),
    c(T(3, 4, dtype=f16, layout="transposed")).inplace(),
], family="unary")
op("expm1", fmath(U(-20.0, 20.0), gen=U(-3.0, 3.0)) + [
    c(T(6, dtype=f64, gen=V(1e-10, -1e-10, 1e-5, 80.0, -80.0, 710.0))), c(T(4, gen=V(1e-7, -1e-7, 89.0, -0.0))),
], family="unary")
for _name in ("log2", "log10"):
    op(_name, fmath(U(1e-4, 1e4), gen=U(0.1, 8.0), int_gen=U(1, 20)) + [
        c(T(10, gen=EDGES)), c(T(5, dtype=i64, gen=V(0, -1, 1, 8, 1000))), c(T(3, dtype=b8)).method(),
    ], family="unary")
op("log1p", fmath(U(-0.999, 1e3), gen=U(-0.9, 4.0), int_gen=U(0, 20)) + [
    c(T(10, gen=EDGES)), c(T(5, dtype=f64, gen=V(1e-12, -1e-12, -1.0, -1.5, 1e300))),
    c(T(4, dtype=i64, gen=V(-1, -2, 0, 5))),
], family="unary")

# ---- trigonometric and hyperbolic ----

op("tan", fmath(U(-20.0, 20.0), gen=U(-1.4, 1.4), int_gen=U(-3, 4)) + [c(T(10, gen=EDGES))], family="unary")
for _name in ("asin", "acos"):
    op(_name, fmath(U(-1.0, 1.0), gen=U(-0.95, 0.95), int_gen=U(-1, 2)) + [
        c(T(10, gen=EDGES)), c(T(6, dtype=f64, gen=V(1.0, -1.0, 1.0000001, -0.0, 0.999999, 3.0))),
        c(T(4, dtype=i64, gen=V(-2, -1, 0, 1))),
    ], family="unary")
op("atan", fmath(U(-100.0, 100.0), gen=U(-5.0, 5.0)) + [c(T(10, gen=EDGES))], family="unary")
for _name in ("sinh", "cosh"):
    op(_name, fmath(U(-20.0, 20.0), gen=U(-3.0, 3.0)) + [
        c(T(10, gen=EDGES)), c(T(4, gen=V(89.0, -89.0, 90.0, 1e-4))),
    ], family="unary")
op("asinh", fmath(U(-1e3, 1e3), gen=U(-5.0, 5.0)) + [
    c(T(10, gen=EDGES)), c(T(4, dtype=f64, gen=V(1e-10, -1e200, 1e200, -1e-300))),
], family="unary")
op("acosh", fmath(U(1.0, 1e3), gen=U(1.05, 5.0), int_gen=U(1, 20)) + [
    c(T(10, gen=EDGES)), c(T(5, dtype=f64, gen=V(1.0, 0.999, 1e200, 1.0000001, -1.0))),
    c(T(4, dtype=i64, gen=V(0, 1, 2, -3))),
], family="unary")
op("atanh", fmath(U(-1.0, 1.0), gen=U(-0.95, 0.95), int_gen=U(-1, 2)) + [
    c(T(10, gen=EDGES)), c(T(5, dtype=f64, gen=V(0.9999999, -0.9999999, 1e-12, 1.5, -1.0))),
], family="unary")

# ---- error functions and gamma ----

op("erf", fmath(U(-5.0, 5.0), gen=U(-3.0, 3.0)) + [
    c(T(10, gen=EDGES)), c(T(6, dtype=f64, gen=V(1e-10, 5.0, -6.0, 0.01, 0.8, 2.6))),
], family="unary")
op("erfc", fmath(U(-5.0, 12.0), gen=U(-3.0, 3.0)) + [
    c(T(10, gen=EDGES)), c(T(6, dtype=f64, gen=V(1e-10, 5.0, -6.0, 10.0, 26.0, 27.5))),
    c(T(4, gen=V(9.0, 10.0, -3.0, 0.47))),
], family="unary")
op("erfinv", fmath(U(-1.0, 1.0), gen=U(-0.95, 0.95), int_gen=U(-1, 2)) + [
    c(T(10, gen=EDGES)), c(T(8, dtype=f64, gen=V(0.999999, -0.999999, 0.7, -0.7, 0.69, 0.71, 1e-12, 0.9999999999))),
    c(T(6, gen=V(0.999, -0.99, 0.7, 0.72, 1e-6, -0.5))), c(T(4, dtype=i64, gen=V(-2, -1, 0, 1))),
], family="unary")
GAMMA_NEG = V(-0.5, -1.5, -2.25, -3.7, -0.1, -4.5, -10.3, -0.9)
op("lgamma", fmath(U(-20.0, 40.0), gen=U(0.1, 6.0), int_gen=U(1, 20)) + [
    c(T(10, gen=EDGES)), c(T(8, dtype=f64, gen=GAMMA_NEG)), c(T(8, gen=GAMMA_NEG)),
    c(T(6, dtype=f64, gen=V(1e-8, 1e-300, 171.5, 1e20, 1e307, 2.5))),
    c(T(5, dtype=i64, gen=V(0, -1, -3, 1, 2))),
], family="unary")
op("digamma", fmath(U(-20.0, 40.0), gen=U(0.1, 6.0), int_gen=U(1, 20)) + [
    c(T(10, gen=EDGES)), c(T(8, dtype=f64, gen=GAMMA_NEG)), c(T(8, gen=GAMMA_NEG)),
    c(T(6, dtype=f64, gen=V(1e-8, 10.5, 1e6, 1e20, -1e-8, 0.25))),
    c(T(5, dtype=i64, gen=V(0, -1, -3, 1, 2))), c(T(4, gen=V(-2.0, -1.0, -0.0, 0.0))),
], family="unary")

# ---- fractional part, complement, sign ----

op("frac", [
    c(T(3, 4, gen=U(-9.0, 9.0))), c(T(4, 3, gen=U(-9.0, 9.0), layout="transposed")),
    c(T(2, 5, dtype=f64, gen=U(-9.0, 9.0), layout="strided")), c(T(gen=U(-9.0, 9.0))), c(T(0, 3)),
    c(T(3, 4, gen=U(-9.0, 9.0), layout="expanded")), c(T(3, 2, gen=U(-9.0, 9.0), layout="offset")),
    c(T(6, dtype=bf16, gen=U(-9.0, 9.0))), c(T(6, dtype=f16, gen=U(-9.0, 9.0))),
    c(T(10, gen=SPECIAL)), c(T(10, dtype=f64, gen=SPECIAL)), c(T(4, dtype=f64, gen=V(1e300, -2.0, -0.0, 3.25))),
    c(T(3, dtype=i64)).raises(), c(T(3, dtype=u8)).raises(), c(T(3, dtype=b8)).raises(),
    c(T(3, 4, gen=U(-9.0, 9.0))).method(), c(T(3, 4, gen=U(-9.0, 9.0), layout="transposed")).inplace(),
    c(T(gen=U(-9.0, 9.0))).inplace(), c(T(3, dtype=i32)).inplace().raises(),
    c(T(3, 4, layout="expanded")).inplace().raises(),
    c(T(2, 3, gen=U(-9.0, 9.0))).out(T(2, 3)), c(T(2, 3, gen=U(-9.0, 9.0))).out(T(0)),
    c(T(2, 3)).out(T(2, 3, dtype=f64)).raises(), c(T(2, 3)).out(T(2, 3, dtype=i64)).raises(),
    c(T(40, dtype=f16, gen=U(-300.0, 300.0))), c(T(40, dtype=bf16, gen=U(-300.0, 300.0))),
    c(T(8, 8, gen=U(-1e6, 1e6))),
], family="unary")
op("bitwise_not", [
    c(T(3, 4, dtype=i64)), c(T(4, 3, dtype=i32, layout="transposed")), c(T(2, 5, dtype=i16, layout="strided")),
    c(T(5, dtype=i8, gen=V(-128, 127, 0, -1, 5))), c(T(5, dtype=u8, gen=V(0, 255, 1, 128, 7))),
    c(T(6, dtype=b8)), c(T(dtype=i64)), c(T(0, 3, dtype=i64)), c(T(3, 4, dtype=i64, layout="expanded")),
    c(T(3, 2, dtype=u8, layout="offset")), c(T(3, dtype=i64, gen=V(2 ** 62, -2 ** 63, 2 ** 63 - 1))),
    c(T(3)).raises(), c(T(3, dtype=f64)).raises(), c(T(3, dtype=f16)).raises(), c(T(3, dtype=bf16)).raises(),
    c(T(4, dtype=i32)).method(), c(T(3, 2, dtype=i64, layout="transposed")).inplace(),
    c(T(4, dtype=b8)).inplace(), c(T(3)).inplace().raises(),
    c(T(2, 3, dtype=i64, layout="expanded")).inplace().raises(),
    c(T(2, 3, dtype=i64)).out(T(2, 3, dtype=i64)), c(T(3, dtype=u8)).out(T(0, dtype=u8)),
    c(T(3, dtype=b8)).out(T(0, dtype=b8)), c(T(3, dtype=i32)).out(T(3, dtype=i64)).raises(),
    c(T(3, dtype=b8)).out(T(3, dtype=u8)).raises(),
], family="unary")
op("sgn", unary(int_result=True, f16_ok=True) + [
    c(T(6, dtype=i8, gen=V(-128, 0, 5, -1))), c(T(4, dtype=u8, gen=V(0, 1, 200))),
    c(T(3, dtype=b8)).inplace(), c(T(4, dtype=i16)).out(T(0, dtype=i16)),
    c(T(3, 4, layout="expanded")).inplace().raises(), c(T(2, 3)).out(T(2, 3, layout="expanded")).raises(),
    c(T(40, dtype=f16, gen=SPECIAL)), c(T(40, dtype=bf16, gen=SPECIAL)), c(T(40, dtype=i8)),
], family="unary")
op("positive", [
    c(T(3, 4)), c(T(4, 3, layout="transposed")), c(T(2, 5, dtype=f64, layout="strided")),
    c(T(3, 4, layout="expanded")), c(T(3, 2, layout="offset")), c(T()), c(T(0, 3)),
    c(T(3, dtype=i64)), c(T(3, dtype=u8)), c(T(3, dtype=f16)), c(T(3, dtype=bf16)), c(T(10, gen=SPECIAL)),
    c(T(3)).method(), c(T(3, dtype=b8)).raises(), c(T(3, dtype=b8)).method().raises(),
], views=True, family="unary")

# ---- predicates ----


def predicate(out=True, extra=(), long_gen=SPECIAL):
    s = [
        c(T(10, gen=SPECIAL)), c(T(10, dtype=f64, gen=SPECIAL)), c(T(2, 5, gen=SPECIAL, layout="transposed")),
        c(T(5, 2, dtype=f64, gen=SPECIAL, layout="strided")), c(T(3, 4, gen=SPECIAL, layout="expanded")),
        c(T(4, 3, gen=SPECIAL, layout="offset")), c(T(10, dtype=f16, gen=SPECIAL)),
        c(T(10, dtype=bf16, gen=SPECIAL)), c(T(4, dtype=i64, gen=V(-3, 0, 5, -1))), c(T(3, dtype=u8)),
        c(T(3, dtype=i8)), c(T(3, dtype=b8)), c(T(gen=V(-INF))), c(T(dtype=f64, gen=V(INF))), c(T(0, 3)),
        c(T(10, gen=SPECIAL)).method(), c(T(3, dtype=i32)).method(),
        c(T(40, dtype=f16, gen=long_gen)), c(T(40, dtype=bf16, gen=long_gen)), c(T(8, 8, gen=long_gen)),
    ] + list(extra)
    if out:
        s += [c(T(10, gen=SPECIAL)).out(T(10, dtype=b8)), c(T(2, 5, gen=SPECIAL)).out(T(0, dtype=b8)),
              c(T(3, dtype=i64)).out(T(3, dtype=b8)), c(T(3)).out(T(3)).raises(),
              c(T(3)).out(T(3, dtype=i64)).raises()]
    return s


# torch.isinf / torch.isfinite take no out= in PyTorch 1.13 (their out schemas are not reachable).
# Their only errors are the argument parser's: a Python number is not a Tensor.
op("isinf", predicate(out=False, extra=[c(1.5).raises()]), family="unary")
op("isfinite", predicate(out=False, extra=[c(INF).raises()]), family="unary")
op("isposinf", predicate(), family="unary")
op("isneginf", predicate(), family="unary")
# The golden format stores NaN without its sign, so NaN inputs whose sign PyTorch's conversion
# sets (a 16-element float -> bfloat16 conversion gives 0xffff) cannot be sampled.
op("signbit", predicate(extra=[c(T(4, dtype=f64, gen=V(-0.0, 0.0, -1e-310, 1e-310)))],
                        long_gen=V(INF, -INF, 0.0, -0.0, 0.5, -1.5, 2.5, -3.75, 1e-3)), family="unary")

# ---- nan_to_num ----

NTN = V(NAN, INF, -INF, 1.5, -0.0, -2.0, NAN, 3.0e38, -INF, 0.25)
op("nan_to_num", [
    c(T(10, gen=NTN)), c(T(10, dtype=f64, gen=NTN)), c(T(2, 5, gen=NTN, layout="transposed")),
    c(T(5, 2, dtype=f64, gen=NTN, layout="strided")), c(T(3, 4, gen=NTN, layout="expanded")),
    c(T(4, 3, gen=NTN, layout="offset")), c(T(gen=V(NAN))), c(T(0, 3)),
    c(T(10, dtype=f16, gen=NTN)), c(T(10, dtype=bf16, gen=NTN)),
    c(T(10, gen=NTN), 0.5), c(T(10, gen=NTN), nan=2.0), c(T(10, gen=NTN), posinf=100.0),
    c(T(10, gen=NTN), neginf=-7.0), c(T(10, dtype=f64, gen=NTN), 1.0, 2.0, -3.0),
    c(T(10, gen=NTN), nan=None, posinf=1e300, neginf=-1e300), c(T(10, dtype=f16, gen=NTN), 0.0, 1e6, -1e6),
    c(T(10, dtype=bf16, gen=NTN), -1.0, 5.0, -5.0), c(T(10, gen=NTN), 1, 2, -3),
    c(T(10, dtype=bf16, gen=NTN), 0.1, 1e5, -3.3), c(T(10, dtype=f16, gen=NTN), 0.1, 7e4, -3.3),
    c(T(10, gen=NTN), 0.1, 1e39, -1e-50), c(T(10, gen=NTN), NAN, INF, -INF),
    c(T(3, 4)), c(T(2, 3, dtype=f64), 1.0, 2.0, -2.0),  # finite inputs: the derivative is checked
    c(T(4, dtype=i64), 1.0, 2.0, 3.0), c(T(4, dtype=u8)), c(T(4, dtype=i32), nan=5.0), c(T(4, dtype=b8)),
    c(T(10, gen=NTN), 0.0, 1.0).method(), c(T(2, 5, gen=NTN, layout="transposed")).inplace(),
    c(T(10, gen=NTN), 1.5, posinf=9.0).inplace(), c(T(3, dtype=i64)).inplace(),
    c(T(3, 4, gen=NTN, layout="expanded")).inplace().raises(),
    c(T(10, gen=NTN)).out(T(10)), c(T(10, dtype=f64, gen=NTN), neginf=0.0).out(T(0, dtype=f64)),
    c(T(3)).out(T(3, dtype=f64)).raises(), c(T(3, dtype=i64)).out(T(3)).raises(),
    c(T(40, dtype=f16, gen=NTN)), c(T(40, dtype=bf16, gen=NTN), 0.3, 3e4, -7.7), c(T(8, 8, gen=NTN), 2.0),
], family="unary")

# ---- angles, sinc, logit ----

for _name in ("deg2rad", "rad2deg"):
    op(_name, fmath(U(-1e4, 1e4), gen=U(-360.0, 360.0), f16_ok=True) + [
        c(T(10, gen=EDGES)), c(T(6, dtype=f16, gen=U(-90.0, 90.0))), c(T(4, dtype=i64, gen=V(180, -90, 0, 360))),
        c(T(40, dtype=f16, gen=U(-1e3, 1e3))), c(T(3, 4, dtype=f16, layout="transposed")).inplace(),
    ], family="unary")
SINC_EDGES = V(0.0, -0.0, 1.0, -2.0, 0.5, 1e-8, -1e-20, 1e10, INF, NAN)
op("sinc", fmath(U(-20.0, 20.0), gen=U(-3.0, 3.0)) + [
    c(T(10, gen=SINC_EDGES)), c(T(10, dtype=f64, gen=SINC_EDGES)),
    c(T(6, dtype=f64, gen=V(0.0, 1.0, -2.0, 0.5, 1e-3, 2.5))), c(T(4, dtype=i64, gen=V(0, 1, -2, 3))),
], family="unary")
LOGIT_GEN = U(0.05, 0.95)
LOGIT_EDGES = V(0.0, 1.0, -0.5, 1.5, NAN, 0.5, 1e-7, 0.9999999, INF, -0.0)
op("logit", fmath(U(0.0, 1.0), gen=LOGIT_GEN, int_gen=U(0, 2)) + [
    c(T(10, gen=LOGIT_EDGES)), c(T(10, dtype=f64, gen=LOGIT_EDGES)),
    c(T(10, gen=LOGIT_EDGES), 0.1), c(T(10, dtype=f64, gen=LOGIT_EDGES), eps=1e-6),
    c(T(10, gen=LOGIT_EDGES), eps=None), c(T(10, gen=LOGIT_EDGES), 0.0),
    # eps > 0.5 (lo > hi): PyTorch's scalar loop gives lo priority, its vectorized loop (16+
    # contiguous elements) clamps to hi, so only short inputs have one answer.
    c(T(6, gen=LOGIT_GEN), 0.6), c(T(6, dtype=f64, gen=LOGIT_GEN), 0.7),
    c(T(6, gen=LOGIT_GEN), -0.1), c(T(6, dtype=bf16, gen=LOGIT_GEN), 0.2), c(T(4, dtype=i64, gen=U(0, 2)), 0.25),
    c(T(3, 4, gen=LOGIT_GEN, layout="transposed"), eps=0.2), c(T(5, dtype=b8), 0.1),
    c(T(3, 4, gen=LOGIT_GEN), 0.3).method(), c(T(3, 2, gen=LOGIT_GEN, layout="transposed"), 0.3).inplace(),
    c(T(2, 3, gen=LOGIT_GEN), eps=0.4).out(T(0)), c(T(2, 3, dtype=f64, gen=LOGIT_GEN), 0.4).out(T(2, 3)),
    c(T(3, dtype=i64, gen=U(0, 2)), 0.1).inplace().raises(),
    c(T(10, gen=LOGIT_EDGES), NAN), c(T(10, gen=LOGIT_EDGES), eps=-0.5),  # NaN / negative eps: no clamp
] + [c(T(40, dtype=dt, gen=U(0.0, 1.0)), e) for dt in (f32, f64, bf16)
     for e in (0.3, 0.01, 0.123, 0.49, 1e-3, 0.0)], family="unary")

