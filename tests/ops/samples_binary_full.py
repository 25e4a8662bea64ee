"""Conformance samples of the full family's binary/ternary pointwise ops (fmod ... clip) (imported by samples.py; same vocabulary, spec.py).
"""
from spec import (INF, NAN, T, U, V, Ar, B, N, b8, bf16, c, f16, f32, f64, i8, i16, i32, i64,  # noqa: F401
                  op, u8)
from samples import I, M, SPECIAL, unary, binary, reduce  # noqa: F401
from samples import CAST_ERROR, CLAMP_GEN, INT_NONZERO, NONZERO, POW_BASE, REM_GEN, minmax_binary

# Special values paired so that every combination of signs, zeros, infinities and NaN occurs.
SP_A = V(0.0, -0.0, 0.0, -0.0, 1.0, -1.0, INF, -INF, INF, -INF, NAN, 1.0, NAN, -2.5, 3.0, INF)
SP_B = V(0.0, 0.0, -0.0, -0.0, INF, -INF, INF, INF, -INF, -INF, 1.0, NAN, NAN, -0.0, -0.0, 2.0)


# ---- fmod: C's fmod (the result takes the dividend's sign); integer division by zero raises ----

op("fmod", binary(gen=REM_GEN, gen2=NONZERO, int_gen=U(-20, 20), int_gen2=INT_NONZERO, bool_ok=False) + [
    c(T(37, gen=U(-50.0, 50.0)), T(37, gen=U(-9.0, 9.0))), c(T(37, dtype=i32, gen=U(-99, 99)), T(37, dtype=i32, gen=INT_NONZERO)),
    c(T(8, gen=V(5.0, -5.0, 5.0, -5.0, 0.0, -0.0, 7.5, -7.5)), T(8, gen=V(3.0, 3.0, -3.0, -3.0, 2.0, 2.0, 2.5, 2.5))),
    c(T(16, gen=SP_A), T(16, gen=SP_B)), c(T(16, dtype=f64, gen=SP_A), T(16, dtype=f64, gen=SP_B)),
    c(T(4, gen=V(1.0, -1.0, 0.0, NAN)), 0.0), c(T(4, gen=V(1.0, -1.0, -0.0, INF)), INF),
    c(T(6, dtype=i64, gen=V(5, -5, 5, -5, 0, 7)), T(6, dtype=i64, gen=V(3, 3, -3, -3, 2, -7))),
    c(T(6, dtype=i8, gen=V(-128, 127, -7, 9, 100, -100)), T(6, dtype=i8, gen=V(-1, 5, 2, -4, 7, 3))),
    c(T(3, dtype=i64), T(3, dtype=i64, gen=V(0))).raises(), c(T(3, dtype=i64), 0).raises(),
    c(T(3, dtype=u8), T(3, dtype=u8, gen=V(1, 0, 2))).raises(), c(T(3, dtype=i32), 0).method().raises(),
    c(T(3, dtype=b8), T(3, dtype=b8)).raises(), c(T(3, dtype=b8), 2),
    c(T(3, dtype=i64, gen=U(-20, 20)), -3), c(T(3, dtype=i64, gen=U(-20, 20)), 2.5),
    c(T(3, dtype=i64, gen=U(-20, 20)), 2).inplace(), c(T(3, dtype=i64), 2.5).inplace().raises(),
    c(T(3, 4, gen=REM_GEN), 1.5).method(), c(T(3, gen=REM_GEN), 1.5).out(T(0)),
    c(T(3, gen=REM_GEN), 1.5).out(T(3, dtype=i64)).raises(), c(T(3, 2, gen=REM_GEN, layout="transposed"), -2.0).inplace(),
    c(T(3, dtype=bf16, gen=REM_GEN), T(3, dtype=bf16, gen=NONZERO)), c(T(gen=REM_GEN), 2),
], family="binary")

# ---- atan2: float results; no Scalar overload; Half is not compiled on CPU ----

op("atan2", binary(scalar=None, f16_ok=False) + [
    c(T(37, gen=U(-50.0, 50.0)), T(37, gen=U(-50.0, 50.0))),  # vector blocks and a tail
    c(T(16, gen=SP_A), T(16, gen=SP_B)), c(T(16, dtype=f64, gen=SP_A), T(16, dtype=f64, gen=SP_B)),
    c(T(9, gen=V(1.0, -1.0, 0.0)), T(9, gen=V(1.0, 1.0, 1.0, -1.0, -1.0, -1.0, 0.0, 0.0, 0.0))),
    c(T(3, dtype=i64), T(3, dtype=i64)).inplace().raises(), c(T(3, dtype=b8), T(3, dtype=b8)),
    c(T(3, dtype=u8), T(3, dtype=b8)), c(T(3, 4), T(4)).out(T(3, 4, dtype=f64)),
    c(T(2, 3, dtype=i32), T(3, dtype=i32)).out(T(0)),
], family="binary")

# ---- fmax / fmin: NaN loses against a number; no Scalar overload, no in-place ----

FM_A = V(NAN, 1.0, -INF, 2.0, NAN, 0.0, INF, -3.0, NAN, -0.5)
FM_B = V(1.0, NAN, 3.0, INF, NAN, 5.0, NAN, -INF, -INF, -0.25)
for _name in ("fmax", "fmin"):
    op(_name, minmax_binary() + [
        c(T(10, gen=FM_A), T(10, gen=FM_B)), c(T(10, dtype=f64, gen=FM_A), T(10, dtype=f64, gen=FM_B)),
        c(T(37, gen=U(-50.0, 50.0)), T(37, gen=U(-50.0, 50.0))), c(T(37, dtype=i32, gen=U(-99, 99)), T(37, dtype=i32, gen=U(-99, 99))),
        c(T(4, 5, gen=FM_A, layout="transposed"), T(5, gen=FM_B)), c(T(10, dtype=bf16, gen=FM_A), T(10, dtype=bf16, gen=FM_B)),
        c(T(10, dtype=f16, gen=FM_A), T(10, dtype=f16, gen=FM_B)), c(T(10, gen=FM_A), T(gen=V(NAN))),
        c(T(20, gen=FM_A), T(20, dtype=f64, gen=FM_B)), c(T(4, dtype=i64), T(4, dtype=b8)),
        c(T(10, gen=FM_A), T(10, gen=FM_B)).method(), c(T(3, dtype=u8), T(3, dtype=i8)).out(T(0, dtype=i16)),
        c(T(3), T(3)).out(T(3, dtype=i64)).raises(),
    ], family="binary")

# ---- hypot: floating dtypes only (bfloat16 yes, Half no) ----

op("hypot", binary(scalar=None, int_ok=False, bool_ok=False, f16_ok=False) + [
    c(T(37, gen=U(-50.0, 50.0)), T(37, gen=U(-50.0, 50.0))),  # vector blocks and a tail
    c(T(8, gen=V(INF, -INF, NAN, NAN, 0.0, -0.0, 3.0, -5.0)), T(8, gen=V(NAN, NAN, INF, 1.0, -0.0, -0.0, 4.0, 12.0))),
    c(T(4, dtype=f64, gen=V(1e200, 1e-200, 3e-310, -1e308)), T(4, dtype=f64, gen=V(1e200, 1e-200, 4e-310, 1e308))),
    c(T(3, gen=V(3e38, 1e-30, 2e-45)), T(3, gen=V(3e38, 1e-30, 2e-45))),
    c(T(3, dtype=i64), T(3, dtype=i64)).raises(), c(T(3, dtype=b8), T(3, dtype=b8)).raises(),
    c(T(3, dtype=i32), T(3, dtype=u8)).raises(), c(T(3, dtype=i64), T(3)).inplace().raises(),
    c(T(3, dtype=f64), T(3)).inplace(), c(T(2, 3), T(3)).out(T(2, 3, dtype=f64)),
], family="binary")

# ---- copysign: float results, Scalar overload; the sign of -0.0 and NaN counts ----

op("copysign", binary(scalar=-0.0) + [
    c(T(37, gen=U(-50.0, 50.0)), T(37, gen=U(-50.0, 50.0))),
    c(T(16, gen=SP_A), T(16, gen=SP_B)), c(T(16, dtype=f64, gen=SP_A), T(16, dtype=f64, gen=SP_B)),
    c(T(6, gen=V(1.5, -2.0, 0.0, INF, NAN, -0.0)), -0.0), c(T(6, gen=V(1.5, -2.0, 0.0, INF, NAN, -0.0)), 0.0),
    c(T(4, dtype=i64), -1), c(T(4, dtype=i64), T(4, dtype=i64, gen=V(-1, 0, 2, -3))), c(T(4, dtype=b8), -2.0),
    c(T(4, dtype=f16), T(4, dtype=f16, gen=V(-0.0, 0.0, -1.0, 2.0))), c(T(3, 4), -1.0).method(),
    c(T(3, 4), -1.0).inplace(), c(T(3, dtype=i64), -1).inplace().raises(), c(T(3), 2).out(T(0)),
    c(T(3), -2).out(T(3, dtype=i64)).raises(), c(T(4, dtype=bf16, gen=V(1.0, -2.0)), T(4, dtype=bf16, gen=V(-1.0, 0.0))),
], family="binary")

# ---- logaddexp / logaddexp2: floating dtypes only (bfloat16 yes, Half no); no Scalar overload, no in-place ----

LAE_A = V(INF, -INF, -INF, INF, NAN, 1000.0, -1000.0, 0.0, 88.0, -0.0, 5.0, -INF)
LAE_B = V(INF, -INF, INF, -INF, 1.0, 1000.0, -1000.0, -0.0, 88.0, 0.0, NAN, 2.0)
for _name in ("logaddexp", "logaddexp2"):
    op(_name, binary(gen=U(-5.0, 5.0), scalar=None, int_ok=False, bool_ok=False, f16_ok=False, inplace=False) + [
        c(T(12, gen=LAE_A), T(12, gen=LAE_B)), c(T(12, dtype=f64, gen=LAE_A), T(12, dtype=f64, gen=LAE_B)),
        c(T(37, gen=U(-50.0, 50.0)), T(37, gen=U(-50.0, 50.0))),
        c(T(4, gen=U(-90.0, 90.0)), T(4, gen=U(-90.0, 90.0))), c(T(4, dtype=bf16, gen=LAE_A), T(4, dtype=bf16, gen=LAE_B)),
        c(T(3, dtype=i64), T(3, dtype=i64)).raises(), c(T(3, dtype=b8), T(3, dtype=b8)).raises(),
        c(T(3, dtype=i64), T(3, dtype=u8)).raises(), c(T(3, dtype=i64), T(3, dtype=f64)),
    ], family="binary")

# ---- logical_xor: bool results from any dtypes (NaN is true) ----

op("logical_xor", binary(gen=V(0.0, 1.5, -2.0, 0.0, NAN, -0.0), gen2=V(1.0, 0.0, 3.0, 0.0), int_gen=U(-1, 2),
                         cmp=True, scalar=None) + [
    c(T(3, dtype=i64, gen=U(-1, 2)), T(3)).inplace(), c(T(4, dtype=b8), T(4, dtype=b8)).inplace(),
    c(T(3, dtype=b8), T(2, 3, dtype=b8)).inplace().raises(), c(T(4, dtype=f16, gen=V(0.0, 2.0)), T(4, dtype=bf16, gen=V(0.0, 0.0, 1.0))),
    c(T(3, dtype=u8, gen=U(0, 2)), T(3, dtype=i8, gen=U(-1, 2))).out(T(3, dtype=u8)),
], family="binary")

# ---- bitwise_and / or / xor: integer and bool dtypes only; Scalar overloads on either side ----

BITS = U(-50, 50)


def bitwise():
    return [
        c(T(3, 4, dtype=i64, gen=BITS), T(3, 4, dtype=i64, gen=BITS)), c(T(3, 1, dtype=i32, gen=BITS), T(1, 4, dtype=i32, gen=BITS)),
        c(T(2, 3, 4, dtype=i64, gen=BITS), T(4, dtype=i64, gen=BITS)),
        c(T(4, 3, dtype=i64, gen=BITS, layout="transposed"), T(4, 3, dtype=i64, gen=BITS, layout="strided")),
        c(T(3, 2, dtype=i16, gen=BITS, layout="offset"), T(3, 2, dtype=i16, gen=BITS, layout="expanded")),
        c(T(dtype=i64, gen=BITS), T(2, 3, dtype=i64, gen=BITS)), c(T(dtype=i64, gen=BITS), T(dtype=i64, gen=BITS)),
        c(T(0, 3, dtype=i64), T(3, dtype=i64)), c(T(5, dtype=b8), T(5, dtype=b8)),
        c(T(5, dtype=b8), T(5, dtype=i64, gen=BITS)), c(T(4, dtype=u8, gen=U(0, 256)), T(4, dtype=i8, gen=U(-128, 128))),
        c(T(4, dtype=u8, gen=U(0, 256)), T(4, dtype=u8, gen=U(0, 256))), c(T(4, dtype=i32, gen=BITS), T(4, dtype=i64, gen=BITS)),
        c(T(4, dtype=u8, gen=U(0, 256)), T(dtype=i64, gen=BITS)),
        c(T(4, dtype=i64, gen=V(-1, 2 ** 62, -2 ** 63, 12345678901)), T(4, dtype=i64, gen=V(2 ** 40 + 3, -1, 7, -2))),
        c(T(4, dtype=i64, gen=BITS), 12), c(T(4, dtype=u8, gen=U(0, 256)), -1), c(T(4, dtype=i8, gen=BITS), 300),
        c(T(4, dtype=b8), True), c(T(4, dtype=b8), 3), c(5, T(4, dtype=i64, gen=BITS)), c(True, T(4, dtype=b8)),
        c(T(3, 4, dtype=i64, gen=BITS), T(4, dtype=i64, gen=BITS)).method(), c(T(3, dtype=i64, gen=BITS), 6).method(),
        c(T(2, 3, dtype=i64, gen=BITS), T(3, dtype=i64, gen=BITS)).inplace(),
        c(T(3, 2, dtype=i32, gen=BITS, layout="transposed"), T(2, dtype=i64, gen=BITS)).inplace(),
        c(T(3, dtype=u8, gen=U(0, 256)), 5).inplace(), c(T(3, dtype=b8), T(3, dtype=b8)).inplace(),
        c(T(3, dtype=b8), T(3, dtype=i64)).inplace().raises(), c(T(3, dtype=i64), T(2, 3, dtype=i64)).inplace().raises(),
        c(T(2, 3, dtype=i64, gen=BITS), T(3, dtype=i64, gen=BITS)).out(T(0, dtype=i64)),
        c(T(3, dtype=i32, gen=BITS), 9).out(T(3, dtype=i64)), c(T(3, dtype=i64), T(3, dtype=i64)).out(T(3, dtype=i32)),
        c(T(3, dtype=i64), T(3, dtype=i64)).out(T(3, dtype=b8)).raises(),
        c(T(3), T(3)).raises(), c(T(3, dtype=f64), T(3, dtype=i64)).raises(), c(T(3, dtype=i64), T(3)).raises(),
        c(T(3, dtype=i64), 2.5).raises(), c(T(3, dtype=f16), 1).raises(), c(T(3, dtype=bf16), T(3, dtype=bf16)).raises(),
        c(T(3, dtype=i64), T(4, dtype=i64)).raises(),
    ]


for _name in ("bitwise_and", "bitwise_or", "bitwise_xor"):
    op(_name, bitwise(), family="binary")

# ---- lerp: start + weight * (end - start); same float dtype for all; Scalar and Tensor weight ----

W_GEN = U(-0.5, 1.5)
op("lerp", [
    c(T(3, 4), T(3, 4), 0.3), c(T(3, 4), T(3, 4), 0.7), c(T(3, 4), T(3, 4), 0.5), c(T(3, 4), T(3, 4), 1.0),
    c(T(3, 4), T(3, 4), -1.5), c(T(3, 4), T(3, 4), 2), c(T(3, 4), T(3, 4), True),
    c(T(3, 1), T(1, 4), 0.25), c(T(4, 3, layout="transposed"), T(4, 3, layout="strided"), 0.6),
    c(T(3, 2, layout="offset"), T(3, 2, layout="expanded"), 0.4), c(T(), T(2, 3), 0.2), c(T(), T(), 0.9),
    c(T(0, 3), T(3), 0.5), c(T(3, dtype=f64), T(3, dtype=f64), 0.3), c(T(5, dtype=bf16), T(5, dtype=bf16), 0.3),
    c(T(8, gen=V(0.0, INF, -INF, NAN, 1.0, INF, 2.0, -0.0)), T(8, gen=V(1.0, 1.0, INF, 0.0, NAN, INF, -INF, 0.0)), 0.25),
    c(T(8, gen=V(0.0, INF, -INF, NAN, 1.0, INF, 2.0, -0.0)), T(8, gen=V(1.0, 1.0, INF, 0.0, NAN, INF, -INF, 0.0)), 0.75),
    c(T(3, 4), T(3, 4), T(3, 4, gen=W_GEN)), c(T(3, 1), T(4), T(2, 1, 1, gen=W_GEN)),
    c(T(4, 3, layout="transposed"), T(4, 3), T(3, gen=W_GEN, layout="strided")), c(T(3, 4), T(3, 4), T(gen=W_GEN)),
    c(T(5, dtype=f64), T(5, dtype=f64), T(5, dtype=f64, gen=V(0.0, 0.5, 1.0, NAN, INF))),
    c(T(4, dtype=bf16), T(4, dtype=bf16), T(4, dtype=bf16, gen=W_GEN)), c(T(0, 3), T(3), T(1, 3)),
    c(T(3, 4), T(3, 4), 0.3).method(), c(T(3, 4), T(3, 4), T(4, gen=W_GEN)).method(),
    c(T(3, 4), T(4), 0.3).inplace(), c(T(3, 2, layout="transposed"), T(2), T(3, 1, gen=W_GEN)).inplace(),
    c(T(4), T(3, 4), 0.3).inplace().raises(), c(T(4), T(4), T(3, 4)).inplace().raises(),
    c(T(2, 3), T(3), 0.5).out(T(0)), c(T(2, 3), T(3), T(2, 1, gen=W_GEN)).out(T(2, 3)),
    c(T(3), T(3), 0.5).out(T(3, dtype=f64)), c(T(3), T(3), T(3)).out(T(3, dtype=i64)).raises(),
    c(T(3), T(3, dtype=f64), 0.5).raises(), c(T(3), T(3), T(3, dtype=f64)).raises(), c(T(3), T(3), T(dtype=f64)).raises(),
    c(T(3, dtype=i64), T(3, dtype=i64), 1).raises(), c(T(3, dtype=i64), T(3, dtype=i64), T(3, dtype=i64)).raises(),
    c(T(3, dtype=f16), T(3, dtype=f16), 0.5).raises(), c(T(3), T(4), 0.5).raises(), c(T(3), T(3), T(4)).raises(),
    c(T(3, dtype=b8), T(3, dtype=b8), True).raises(),
], family="binary")

# ---- addcmul / addcdiv: self + value * t1 * t2 (or / t2), promoted over all three ----


def addc(div):
    g2 = NONZERO if div else None
    s = [
        c(T(3, 4), T(3, 4), T(3, 4, gen=g2)), c(T(3, 4), T(3, 1), T(1, 4, gen=g2), value=0.5),
        c(T(4), T(3, 1), T(2, 1, 1, gen=g2)), c(T(4, 3, layout="transposed"), T(4, 3, layout="strided"), T(3, gen=g2), value=-2),
        c(T(3, 2, layout="offset"), T(3, 2, layout="expanded"), T(3, 2, gen=g2)), c(T(), T(2, 3), T(3, gen=g2)),
        c(T(), T(), T(gen=g2)), c(T(0, 3), T(3), T(1, 3, gen=g2)), c(T(3, dtype=f64), T(3, dtype=f64), T(3, dtype=f64, gen=g2), value=1.5),
        c(T(3, dtype=bf16), T(3, dtype=bf16), T(3, dtype=bf16, gen=g2)), c(T(3), T(3, dtype=f64), T(3, gen=g2)),
        c(T(3, dtype=bf16), T(3), T(3, dtype=f64, gen=g2)), c(T(3), T(3), T(dtype=f64, gen=g2)),
        c(T(3, dtype=f64), T(3), T(3, gen=g2), value=True), c(T(3), T(3), T(3, gen=g2), value=0),
        c(T(6, gen=V(NAN, 1.0, INF, -0.0, 2.0, -INF)), T(6, gen=V(1.0, NAN, INF, 0.0, INF, 1.0)),
          T(6, gen=V(2.0, 1.0, -1.0, -0.0, 0.0 if div else 1.0, 1.0))),
        c(T(3, 4), T(3, 4), T(3, 4, gen=g2), value=2).method(), c(T(3, 4), T(4), T(3, 4, gen=g2)).inplace(),
        c(T(3, 2, layout="transposed"), T(2), T(3, 1, gen=g2), value=-0.5).inplace(),
        c(T(4), T(3, 4), T(4, gen=g2)).inplace().raises(),
        # (in-place into float32 with a float64 tensor1 trips an internal assert in PyTorch 1.13: no sample)
        c(T(2, 3), T(3), T(2, 1, gen=g2), value=0.25).out(T(0)),
        # (a float64 out= for float32 inputs trips the same internal assert: no sample)
        c(T(3), T(3), T(3, gen=g2)).out(T(3, dtype=i64)).raises(), c(T(3), T(4), T(3, gen=g2)).raises(),
        c(T(3, dtype=f16), T(3, dtype=f16), T(3, dtype=f16, gen=g2)).raises(),
        c(T(3, dtype=b8), T(3, dtype=b8), T(3, dtype=b8)).raises(),
    ]
    if div:  # no integer division: self may be an integer tensor only with float tensor1/tensor2
        s += [c(T(3, dtype=i64), T(3, dtype=i64), T(3, dtype=i64, gen=INT_NONZERO)).raises(),
              c(T(3), T(3, dtype=i64), T(3, dtype=i32, gen=INT_NONZERO)).raises(),
              c(T(3), T(3), T(3, dtype=i64, gen=INT_NONZERO)), c(T(3, dtype=i64), T(3), T(3, gen=g2)),
              c(T(3, dtype=i64), T(3, dtype=i64), T(3, gen=g2)), c(T(3, dtype=u8), T(3, dtype=i8), T(3, gen=g2)),
              c(T(3), T(3, dtype=b8), T(3, dtype=b8)).raises(),
              c(T(3, dtype=i64), T(3, dtype=i64), T(3, dtype=i64, gen=INT_NONZERO)).inplace().raises(),
              c(T(3), T(3), T(3, gen=V(0.0, -0.0, 1.0)))]
    else:
        s += [c(T(2, 3, dtype=i64), T(3, dtype=i64), T(2, 1, dtype=i64), value=3),
              c(T(3, dtype=i32), T(3, dtype=i64), T(3, dtype=u8), value=-2), c(T(3, dtype=i64), T(3), T(3, dtype=i64)),
              c(T(3, dtype=i64), T(3, dtype=i64), T(3, dtype=i64), value=0.5),
              c(T(3, dtype=u8), T(3, dtype=u8), T(3, dtype=u8, gen=U(0, 30)), value=7),
              c(T(3, dtype=i64), T(3, dtype=i64), T(3, dtype=i64), value=2).inplace(),
              c(T(3, dtype=i64), T(3), T(3)).inplace().raises(), c(T(3, dtype=b8), T(3, dtype=i64), T(3, dtype=i64))]
    return s


op("addcmul", addc(False), family="binary")
op("addcdiv", addc(True), family="binary")

# ---- true_divide: div without rounding (integers divide to float) ----

op("true_divide", binary(gen2=NONZERO, int_gen2=INT_NONZERO) + [
    c(T(4, gen=V(1.0, -1.0, 0.0, NAN)), T(4, gen=V(0.0))), c(T(4, gen=V(1.0, -1.0, 0.0, NAN)), T(4, gen=V(-0.0))),
    c(T(4, dtype=i64), T(4, dtype=i64, gen=V(0))), c(T(4, dtype=i64, gen=V(3, -3, 0, 7)), 0),
    c(T(3, dtype=i64), T(3, dtype=i64, gen=INT_NONZERO)).inplace().raises(),
    c(T(3, dtype=b8), T(3, dtype=b8, gen=V(True))), c(T(3, dtype=i64), 2).method(),
    c(T(3), 4).inplace(), c(T(3, dtype=i32), 4).inplace().raises(), c(T(3), T(3, gen=NONZERO)).out(T(3)),
    c(T(3, dtype=i64), 2).out(T(0)), c(T(3, dtype=i64), 2).out(T(3, dtype=i64)).raises(),
    c(T(3, dtype=i64), T(3, dtype=i64, gen=INT_NONZERO)).out(T(3, dtype=i64)).raises(),
    c(T(6, dtype=f64, gen=SPECIAL), T(6, dtype=f64, gen=V(INF, -INF, 0.0, -0.0, 2.0, NAN))),
], family="binary")

# ---- rsub: other - alpha * self (function only, no out= in PyTorch's Python API) ----

op("rsub", [s for s in binary(bool_ok=False, inplace=False, out=False) if s.form_ != "method"] + [
    c(T(3), T(3), alpha=2), c(T(3, 4), T(4), alpha=-0.5), c(T(3, dtype=i64), T(3, dtype=i64), alpha=3),
    c(T(3, dtype=i64), 1, 5), c(T(3), 2.5, 0.5), c(T(3, dtype=i64), 7, alpha=-1), c(T(3, dtype=u8), 2),
    c(T(3, dtype=i64), T(3), alpha=0.5), c(T(3, dtype=i64), T(3, dtype=i64), alpha=0.5).raises(),
    c(T(3, dtype=i64), 2, 0.5).raises(), c(T(3, dtype=b8), T(3, dtype=b8)).raises(),
    c(T(3, dtype=b8), T(3, dtype=i64)).raises(), c(T(3, dtype=b8), True).raises(), c(T(3, dtype=b8), 2).raises(),
    c(T(4, gen=V(INF, -0.0, NAN, 0.0)), T(4, gen=V(INF, 0.0, 1.0, 0.0))), c(T(4, gen=V(INF, -0.0, NAN, 0.0)), 0.0),
    # out= through the schema (torch.ops.aten.rsub): the Python torch.rsub takes no out=
    c(T(2, 3), T(3), alpha=2, out=T(0)).aten(), c(T(3), 5, 2, out=T(3, dtype=f64)).aten(),
    c(T(3, gen=U(-9.0, 9.0)), T(3, gen=U(-9.0, 9.0)), out=T(3, dtype=i64)).aten(),  # generated out= wrapper: an unchecked cast
    c(T(3, gen=U(-9.0, 9.0)), 2.5, out=T(0, dtype=i32)).aten(),
], family="binary")

# ---- float_power: computed and returned in float64 whatever the inputs ----

FP_BASE = U(0.1, 3.0)
FP_EXP = U(-2.0, 2.0)
op("float_power", [
    c(T(3, 4, gen=FP_BASE), T(3, 4, gen=FP_EXP)), c(T(3, 1, gen=FP_BASE), T(1, 4, gen=FP_EXP)),
    c(T(4, 3, gen=FP_BASE, layout="transposed"), T(4, 3, gen=FP_EXP, layout="strided")),
    c(T(3, 2, gen=FP_BASE, layout="offset"), T(3, 2, gen=FP_EXP, layout="expanded")),
    c(T(gen=FP_BASE), T(2, 3, gen=FP_EXP)), c(T(gen=FP_BASE), T(gen=FP_EXP)), c(T(0, 3), T(3)),
    c(T(3, dtype=f64, gen=FP_BASE), T(3, dtype=f64, gen=FP_EXP)), c(T(3, dtype=f16, gen=FP_BASE), T(3, dtype=bf16, gen=FP_EXP)),
    c(T(4, dtype=i64, gen=U(-3, 4)), T(4, dtype=i64, gen=U(-2, 4))), c(T(4, dtype=i64, gen=U(1, 5)), -1),
    c(T(4, dtype=u8, gen=U(0, 5)), T(4, dtype=b8)), c(T(4, dtype=b8), T(4, dtype=b8)),
    c(T(4, dtype=i32, gen=U(0, 5)), T(4, gen=FP_EXP)), c(T(3, 4, gen=FP_BASE), 2), c(T(3, 4, gen=FP_BASE), 0.5),
    c(T(3, 4, gen=FP_BASE), 0), c(T(3, 4, gen=FP_BASE), 1), c(T(3, dtype=b8), 2), c(2, T(4, dtype=i64, gen=U(-2, 5))),
    c(2.5, T(3, 4, gen=FP_EXP)), c(-8, T(3, gen=V(1.0 / 3, 2.0, 0.5))), c(True, T(3, dtype=i64)),
    c(T(6, gen=V(-2.0, 0.0, NAN, INF, -0.0, -INF)), T(6, gen=V(0.5, -1.0, 0.0, -1.0, -3.0, 3.0))),
    c(T(6, dtype=f64, gen=V(-2.0, 0.0, NAN, INF, -0.0, 1.0)), T(6, dtype=f64, gen=V(2.0, 0.0, 1.0, 0.5, 0.5, NAN))),
    c(T(3, 4, gen=FP_BASE), T(3, 4, gen=FP_EXP)).method(), c(T(3, 4, gen=FP_BASE), 3).method(),
    c(T(2, 3, dtype=f64, gen=FP_BASE), T(3, gen=FP_EXP)).inplace(), c(T(3, dtype=f64, gen=FP_BASE), 2).inplace(),
    c(T(3, 2, dtype=f64, gen=FP_BASE, layout="transposed"), T(2, dtype=i64, gen=U(0, 3))).inplace(),
    c(T(3, gen=FP_BASE), T(3, gen=FP_EXP)).inplace().raises(), c(T(3, gen=FP_BASE), 2).inplace().raises(),
    c(T(3, dtype=i64), 2).inplace().raises(), c(T(3, dtype=f64), T(2, 3)).inplace().raises(),
    c(T(2, 3, gen=FP_BASE), T(3, gen=FP_EXP)).out(T(0, dtype=f64)), c(T(3, gen=FP_BASE), 2).out(T(3, dtype=f64)),
    c(2, T(3, gen=FP_EXP)).out(T(0, dtype=f64)), c(T(3, gen=FP_BASE), T(3)).out(T(3)).raises(),
    c(T(3, gen=FP_BASE), 2).out(T(3)).raises(), c(2, T(3)).out(T(3, dtype=i64)).raises(),
    c(T(3), T(4)).raises(),
], family="binary")

# ---- isclose / allclose: |a - b| <= atol + rtol * |b|, same dtype, broadcasting ----

CL_A = V(1.0, 1.0, NAN, INF, -INF, INF, 0.0, 1e-9, 100.0, 1.0)
CL_B = V(1.0 + 1e-6, 1.1, NAN, INF, -INF, -INF, -0.0, 0.0, 100.001, NAN)
op("isclose", [
    c(T(10, gen=CL_A), T(10, gen=CL_B)), c(T(10, gen=CL_A), T(10, gen=CL_B), equal_nan=True),
    c(T(10, dtype=f64, gen=CL_A), T(10, dtype=f64, gen=CL_B)), c(T(10, gen=CL_A), T(10, gen=CL_B), 0.2, 0.0),
    c(T(10, gen=CL_A), T(10, gen=CL_B), rtol=0.0, atol=0.01), c(T(10, gen=CL_A), T(10, gen=CL_B), 0.0, 0.0, True),
    c(T(3, 1), T(1, 4)), c(T(4, 3, layout="transposed"), T(4, 3, layout="strided"), atol=1.0),
    c(T(3, 2, layout="offset"), T(3, 2, layout="expanded"), rtol=2.0), c(T(), T(2, 3), atol=1.5), c(T(), T()),
    c(T(0, 3), T(3)), c(T(5, dtype=i64, gen=U(-3, 3)), T(5, dtype=i64, gen=U(-3, 3))),
    c(T(5, dtype=i64, gen=V(100, 10, -5, 0, 7)), T(5, dtype=i64, gen=V(101, 12, -4, 1, 7)), rtol=0.05, atol=0.5),
    c(T(4, dtype=u8, gen=V(0, 255, 10, 3)), T(4, dtype=u8, gen=V(1, 250, 10, 0)), atol=2.0),
    c(T(5, dtype=b8), T(5, dtype=b8)), c(T(4, dtype=f16, gen=V(1.0, 1.001, NAN, 2.0)), T(4, dtype=f16, gen=V(1.0, 1.0, NAN, 2.002))),
    c(T(4, dtype=bf16, gen=V(1.0, 1.001, NAN, 2.0)), T(4, dtype=bf16, gen=V(1.0, 1.0, NAN, 2.02)), equal_nan=True),
    c(T(10, gen=CL_A), T(10, gen=CL_B)).method(), c(T(3, 4), T(4), atol=1.0).method(),
    c(T(3), T(3, dtype=f64)).raises(), c(T(3, dtype=i64), T(3)).raises(), c(T(3), T(4)).raises(),
    c(T(3), T(3), rtol=-1.0).raises(), c(T(3), T(3), atol=-0.5).raises(),
    c(T(4, dtype=b8, gen=V(1, 0, 1, 0)), T(4, dtype=b8, gen=V(0, 0, 1, 1)), atol=1.0),
    c(T(3, dtype=i64, gen=V(2 ** 62 + 1, 5, -7)), T(3, dtype=i64, gen=V(2 ** 62, 5, -7)), rtol=0.0, atol=0.0),
    c(T(3, dtype=i64, gen=V(2 ** 62 + 1, 5, -7)), T(3, dtype=i64, gen=V(2 ** 62, 5, -6))),
    c(T(4, dtype=i8, gen=V(-128, 127, 0, 5)), T(4, dtype=i8, gen=V(127, -128, 1, 5)), atol=1.0, equal_nan=True),
    c(T(3, dtype=i32, gen=V(10, 20, 30)), T(3, dtype=i32, gen=V(11, 22, 33)), 0.1, 0.0),
    # float16: rtol and atol are rounded to float16 before they scale `other` (1.1e-3 -> 1.0996e-3)
    c(T(3, dtype=f16, gen=V(-3.46484375, 1.6865234375, 1.0)), T(3, dtype=f16, gen=V(-3.4609375, 1.6845703125, 1.0)),
      rtol=1.1e-3, atol=1e-4),
], family="compare")

op("allclose", [
    c(T(3, 4), T(3, 4)), c(T(10, gen=CL_A), T(10, gen=CL_B)), c(T(10, gen=CL_A), T(10, gen=CL_B), 0.2, 0.01, True),
    c(T(3, gen=V(NAN, 1.0, 2.0)), T(3, gen=V(NAN, 1.0, 2.0))), c(T(3, gen=V(NAN, 1.0, 2.0)), T(3, gen=V(NAN, 1.0, 2.0)), equal_nan=True),
    c(T(3, gen=V(1.0, 2.0, 3.0)), T(3, gen=V(1.00001, 2.00002, 3.0))), c(T(3, gen=V(1.0, 2.0, 3.0)), T(3, gen=V(1.001, 2.0, 3.0))),
    c(T(3, gen=V(1.0, 2.0, 3.0)), T(3, gen=V(1.001, 2.0, 3.0)), rtol=1e-2), c(T(2, gen=V(0.0, 1e-9)), T(2, gen=V(1e-9, 0.0)), atol=0.0, rtol=0.0),
    c(T(3, 1, gen=V(1.0)), T(1, 4, gen=V(1.0))), c(T(4, 3, layout="transposed"), T(4, 3, layout="transposed")),
    c(T(3, 2, layout="strided"), T(3, 2, layout="strided"), atol=5.0), c(T(3, 2, layout="expanded"), T(3, 2, layout="offset"), atol=5.0),
    c(T(), T()), c(T(gen=V(2.0)), T(3, gen=V(2.0))), c(T(0, 3), T(3)), c(T(3, dtype=f64, gen=V(1.0)), T(3, dtype=f64, gen=V(1.0))),
    c(T(4, dtype=i64, gen=V(1, 2, 3, 4)), T(4, dtype=i64, gen=V(1, 2, 3, 4))), c(T(4, dtype=i64, gen=V(1, 2)), T(4, dtype=i64, gen=V(2, 1))),
    c(T(4, dtype=b8), T(4, dtype=b8)), c(T(3, dtype=f16, gen=V(1.0)), T(3, dtype=f16, gen=V(1.0))),
    c(T(3, dtype=bf16, gen=V(1.0)), T(3, dtype=bf16, gen=V(1.01)), rtol=0.02), c(T(3, 4), T(3, 4)).method(),
    c(T(3, gen=V(INF, -INF, 1.0)), T(3, gen=V(INF, -INF, 1.0))), c(T(2, gen=V(INF, 1.0)), T(2, gen=V(-INF, 1.0))),
    c(T(3), T(3, dtype=f64)).raises(), c(T(3), T(4)).raises(), c(T(3), T(3), rtol=-1.0).raises(),
    c(T(3, dtype=i64, gen=V(100, 200, 300)), T(3, dtype=i64, gen=V(101, 202, 303)), 0.02),
    c(T(3, dtype=u8, gen=V(0, 5, 9)), T(3, dtype=u8, gen=V(1, 4, 9)), atol=1.0), c(T(2, dtype=b8, gen=V(1, 0)), T(2, dtype=b8, gen=V(0)), atol=1.0),
], family="compare")

# ---- equal: same sizes and values (NaN never equal); dtypes may differ. No error case on
# one CPU device: sizes or dtypes that differ give False or compare the promoted values. ----

op("equal", [
    c(T(3, 4, gen=V(1.0, 2.0)), T(3, 4, gen=V(1.0, 2.0))), c(T(3, 4), T(3, 4)), c(T(3), T(4)), c(T(3, 1), T(1, 3)),
    c(T(2, 3, gen=V(1.0)), T(3, gen=V(1.0))), c(T(gen=V(2.0)), T(gen=V(2.0))), c(T(gen=V(2.0)), T(1, gen=V(2.0))),
    c(T(0, 3), T(0, 3)), c(T(0, 3), T(3, 0)), c(T(0), T(0, 1)),
    c(T(4, 3, gen=Ar(), layout="transposed"), T(3, 4, gen=Ar(0.0, 4.0))),
    c(T(3, 4, gen=V(5.0), layout="expanded"), T(3, 4, gen=V(5.0), layout="strided")),
    c(T(3, 2, gen=V(1.0, 2.0), layout="offset"), T(3, 2, gen=V(1.0, 2.0))),
    c(T(3, gen=V(NAN, 1.0, 2.0)), T(3, gen=V(NAN, 1.0, 2.0))), c(T(2, gen=V(0.0, -0.0)), T(2, gen=V(-0.0, 0.0))),
    c(T(2, gen=V(INF, -INF)), T(2, gen=V(INF, -INF))), c(T(4, dtype=i64, gen=V(1, 2)), T(4, dtype=i64, gen=V(1, 2))),
    c(T(4, dtype=i64, gen=V(1, 2)), T(4, dtype=i64, gen=V(1, 3))), c(T(4, dtype=b8, gen=V(1, 0)), T(4, dtype=b8, gen=V(1, 0))),
    c(T(3, dtype=f16, gen=V(1.5)), T(3, dtype=f16, gen=V(1.5))), c(T(3, dtype=bf16, gen=V(1.5)), T(3, dtype=bf16, gen=V(1.5))),
    c(T(3, dtype=f64, gen=V(1.5)), T(3, dtype=f64, gen=V(1.5))), c(T(3, dtype=u8, gen=V(7)), T(3, dtype=u8, gen=V(7))),
    c(T(3, gen=V(1.5)), T(3, dtype=f64, gen=V(1.5))), c(T(3, gen=V(1.1)), T(3, dtype=f64, gen=V(1.1))),
    c(T(3, dtype=i64, gen=V(2)), T(3, gen=V(2.0))), c(T(3, dtype=i32, gen=V(2)), T(3, dtype=i64, gen=V(2))),
    c(T(3, dtype=b8, gen=V(1)), T(3, dtype=u8, gen=V(1))), c(T(3, dtype=i64, gen=V(2)), T(3, gen=V(2.5))),
    c(T(3, 4, gen=V(1.0, 2.0)), T(3, 4, gen=V(1.0, 2.0))).method(),
], family="compare")

# ---- clip: torch.clamp under another name ----

op("clip", [
    c(T(3, 4, gen=CLAMP_GEN), -0.5, 0.5), c(T(3, 4, gen=CLAMP_GEN), min=-0.5), c(T(3, 4, gen=CLAMP_GEN), max=0.5),
    c(T(4, 3, gen=CLAMP_GEN, layout="transposed"), -1, 1), c(T(2, 5, gen=CLAMP_GEN, layout="strided"), -1.0, None),
    c(T(3, 4, gen=CLAMP_GEN, layout="expanded"), None, 0.25), c(T(3, 2, gen=CLAMP_GEN, layout="offset"), 0.0, 1.0),
    c(T(3, 4, gen=CLAMP_GEN), T(3, 4), T(4, gen=U(1.0, 2.0))), c(T(3, 4, gen=CLAMP_GEN), T(3, 1), None),
    c(T(3, 4, gen=CLAMP_GEN), None, T(4)), c(T(4, gen=CLAMP_GEN), T(3, 1), T(1)), c(T(3, gen=CLAMP_GEN), T(3, dtype=f64), None),
    c(T(2, 3, dtype=i64), -2, 3), c(T(2, 3, dtype=i64), 0.5, 2.5), c(T(2, 3, dtype=i64), T(3), T(3, dtype=i64)),
    c(T(3, dtype=i32), T(3, dtype=i64), None), c(T(gen=CLAMP_GEN), 0, 1), c(T(0, 3), 0, 1), c(T(0, 3), T(3), None),
    c(T(10, gen=SPECIAL), -1.0, 1.0), c(T(10, gen=SPECIAL), NAN, 1.0), c(T(10, dtype=f64, gen=SPECIAL), -INF, 0.0),
    c(T(10, gen=SPECIAL), T(10, gen=V(0.0, NAN, -1.0)), T(10, gen=V(1.0, 2.0, NAN))),
    c(T(4, gen=CLAMP_GEN), 1, -1), c(T(5, dtype=u8), 3, 10), c(T(5, dtype=u8), -1, 300).raises(), c(T(4, dtype=bf16, gen=CLAMP_GEN), -1, 1),
    c(T(4, dtype=f16, gen=CLAMP_GEN), -1, 1).raises(), c(T(3, dtype=f64, gen=CLAMP_GEN), -1, 1),
    c(T(3, gen=CLAMP_GEN), -1, 1).method(), c(T(3, 4, gen=CLAMP_GEN), T(4), None).method(),
    c(T(3, 2, gen=CLAMP_GEN, layout="transposed"), -1, 1).inplace(), c(T(3, 4, gen=CLAMP_GEN), None, T(4)).inplace(),
    c(T(3, dtype=i64), 0.5, 1.5).inplace().raises(prefix=CAST_ERROR),  # PyTorch says "long int" here
    c(T(4), T(3, 4), None).inplace().raises(),
    c(T(2, 3, gen=CLAMP_GEN), -1, 1).out(T(0)), c(T(2, 3, gen=CLAMP_GEN), T(3), T(2, 1)).out(T(2, 3)),
    c(T(3, gen=CLAMP_GEN), -1, 1).out(T(3, dtype=f64)).raises(), c(T(3, gen=CLAMP_GEN), -1, 1).out(T(3, dtype=i64)).raises(),
    c(T(3)).raises(), c(T(3), None, None).raises(), c(T(3), T(4), None).raises(), c(M(4), False, True).raises(),
    c(M(4), T(4, dtype=b8), None),
], family="unary")

# ---- xlogy: x * log(y), 0 where x == 0 (unless y is NaN); Scalar on either side ----

XL_X = V(0.0, 0.0, 0.0, 1.0, -2.0, NAN, 3.0, 0.0, 2.0, -0.0, INF, 1.5)
XL_Y = V(0.0, NAN, INF, 0.0, 0.0, 1.0, NAN, -1.0, -1.0, 0.0, 0.0, INF)
op("xlogy", binary(gen2=U(0.1, 4.0), int_gen2=U(1, 20), f16_ok=True) + [
    c(T(12, gen=XL_X), T(12, gen=XL_Y)), c(T(12, dtype=f64, gen=XL_X), T(12, dtype=f64, gen=XL_Y)),
    c(T(12, dtype=bf16, gen=XL_X), T(12, dtype=bf16, gen=XL_Y)),
    c(T(3, 4), 2.5), c(T(3, 4), 0), c(T(4, gen=XL_X), NAN), c(T(3, dtype=i64), 3), c(T(3, dtype=b8), True),
    c(2.0, T(3, 4, gen=U(0.1, 4.0))), c(0, T(4, gen=V(0.0, NAN, 1.0, INF))), c(-1, T(3, dtype=i64, gen=U(1, 9))),
    c(True, T(3, dtype=b8)), c(1.5, T(2, 3, dtype=f64, gen=U(0.1, 2.0), layout="transposed")),
    c(T(3, 4), T(4, gen=U(0.1, 4.0))).method(), c(T(3, 4), 2.0).method(), c(T(3, 4), 3).inplace(),
    c(T(3, dtype=i64), 2).inplace().raises(), c(T(3), 2.0).out(T(0)), c(1.5, T(3, gen=U(0.1, 4.0))).out(T(3, dtype=f64)),
    c(2, T(3, dtype=i64, gen=U(1, 9))).out(T(3, dtype=i64)).raises(), c(T(3), 2.0).out(T(3, dtype=i32)).raises(),
], family="binary")
