"""Conformance samples of reductions and scans, matrix-vector products and random creation ops (imported by samples.py; same vocabulary, spec.py).
"""
from spec import (INF, NAN, T, U, V, Ar, B, N, b8, bf16, c, f16, f32, f64, i8, i16, i32, i64,  # noqa: F401
                  op, u8)
from samples import ARG_GEN, I, M, MAT, MM_TOL, SPECIAL, unary, binary, reduce  # noqa: F401

# ============================== norms and reductions ==============================

NORM_SPECIAL = V(1.5, NAN, -2.0, 0.5)
NORM_INF = V(1.5, INF, -2.0, 0.5)
# frobenius_norm over two dims of an integer tensor trips an internal assert (its sqrt is float).
FRO_INT = "result.scalar_type() == toRealValueType(self.scalar_type()) INTERNAL ASSERT FAILED"

op("norm", [
    c(T(3, 4)), c(T(3, 4), 1), c(T(3, 4), INF), c(T(3, 4), -INF), c(T(3, 4), 0), c(T(3, 4), 3.5),
    c(T(3, 4), 2), c(T(3, 4), "fro"), c(T(3, 4), "nuc"), c(T(3, 4), -1), c(T(3, 4), 0.5),
    c(T(3, 4), 2, 1), c(T(3, 4), 2, 0), c(T(3, 4), 2, -1, True), c(T(3, 4), 1, -2),
    c(T(2, 3, 4), 2, [0, 2]), c(T(2, 3, 4), INF, [1, 2], True), c(T(2, 3, 4), -INF, 1),
    c(T(2, 3, 4), 0, 2), c(T(2, 3, 4), 3.5, [0, 1]), c(T(3, 4), p=1, dim=0, keepdim=True),
    c(T(3, 4), dim=1), c(T(3, 4), None, 1), c(T(3, 4), 1, keepdim=True), c(T(3, 4), keepdim=True),
    c(T(3, 4), INF, None, True), c(T(3, 4, dtype=i64), "fro", [0, 1]).raises(prefix=FRO_INT),
    c(M(3, 4), "fro", [1, 0], True).raises(prefix=FRO_INT), c(T(3, 4, dtype=i64), "fro", 1).raises(),
    c(T(2, 3, 4), "fro", [0, 1, 2]).raises(), c(T(3, 4), "fro", [0, -2]).raises(), c(T(3, 4), dtype=f64).raises(),
    c(T(3, 4, dtype=i64), "nuc").raises(), c(T(2, 3, 4), "nuc").raises(), c(T(2, 3, 4), "nuc", [0, 2], True),
    c(T(3, 4), "nuc", [0]).raises(), c(T(3, 4), "nuc", [1, -1]).raises(), c(T(3, 4), "nuc", [0, 2]).raises(),
    c(T(2, 3, 4, layout="transposed"), "nuc", [2, 0]), c(T(3), "nuc", [0, 1]).raises(),
    c(T(3, 4), "fro", 1), c(T(2, 3, 4), "fro", [1, 2]), c(T(2, 3, 4), "fro", [0, 2], True),
    c(T(2, 3, 4), "nuc", [1, 2]), c(T(3, 4), "nuc", keepdim=True), c(T(4, 3, dtype=f64), "nuc"),
    c(T(3, 4), 2, 1, dtype=f64), c(T(3, 4), 2, dtype=f64), c(T(3, 4), 1, [0, 1], True, dtype=f64),
    c(T(4, 3, layout="transposed"), 2, 1), c(T(4, 3, layout="transposed")),
    c(T(2, 5, layout="strided"), 1, 0), c(T(3, 4, layout="expanded"), 2, 0),
    c(T(3, 4, layout="offset"), INF, 1), c(T(4, 3, layout="transposed"), "nuc"),
    c(T(3, 4, dtype=f64), 2, 1), c(T(3, 4, dtype=f64), 3.5), c(T(3, 4, dtype=f64), -INF, 0),
    c(T(4, 5, dtype=bf16), 2, 1), c(T(4, 5, dtype=f16), 2, 1), c(T(4, 5, dtype=bf16)),
    c(T()), c(T(), 1), c(T(), 2, 0), c(T(), INF, 0, True),
    c(T(0, 3)), c(T(0, 3), 2, 0), c(T(0, 3), 1, 1), c(T(0, 3), 0, 0), c(T(0, 3), INF, 1),
    c(T(0, 3), INF, 0), c(T(0, 3), INF), c(T(0, 3), "fro"), c(T(0, 3), -INF, 0), c(T(0, 3), -INF),
    c(T(0, 3), -1, 1), c(T(0, 3), 3.5, 0),
    c(T(8, gen=NORM_SPECIAL)), c(T(8, gen=NORM_SPECIAL), INF), c(T(8, gen=NORM_SPECIAL), 1),
    c(T(8, gen=NORM_INF)), c(T(8, gen=NORM_INF), INF), c(T(8, gen=NORM_INF), -INF), c(T(8, gen=NORM_INF), 0),
    c(T(8, gen=NORM_INF), 3.5), c(T(8, gen=NORM_INF), -1), c(T(8, gen=V(0.0, -0.0)), -1),
    c(T(8, gen=V(0.0, -0.0))), c(T(1000, gen=U(0.0, 1.0))),
    c(T(3, 4), 2, 2).raises(), c(T(3, 4), 2, [0, 0]).raises(), c(T(3, 4), "abc").raises(),
    c(T(3, 4), "fro", dtype=f64).raises(), c(T(3, 4), "nuc", dtype=f64).raises(), c(T(3), "nuc").raises(),
    c(T(3, dtype=i64)).raises(), c(T(3, dtype=i64), 1).raises(), c(T(3, dtype=i64), 2, 0).raises(),
    c(M(3), 2, 0).raises(), c(T(3), 2, 0, dtype=i64).raises(), c(T(3, 4, dtype=i64), "fro").raises(),
    c(T(3, 4), 2, 1).method(), c(T(3, 4)).method(), c(T(3, 4), "nuc").method(), c(T(3, 4), INF, 1).method(),
    c(T(3, 4), 2, 1).out(T(0)), c(T(3, 4), 1, 1).out(T(3)), c(T(3, 4), 2, 1, dtype=f64).out(T(0, dtype=f64)),
    c(T(3, 4), "fro", 1).out(T(0)), c(T(3, 4), "nuc").out(T(0)), c(T(3, 4), 2, [0, 1]).out(T(0)),
    c(T(3, 4), "fro").out(T(0, dtype=f64)), c(T(3, 4), "nuc", [1, 0]).out(T(0, dtype=f64)),
    c(T(2, 3, 4), "fro").out(T(0)).raises(), c(T(3, 4), 2).out(T(0)), c(T(3, 4), 2, dtype=f64).out(T(0, dtype=f64)),
], family="reduce")

LSE = V(-1.0, 0.5, 2.0, -3.0, 1.5, 0.25)
LSE_INF = V(-INF, -INF, -INF, 1.0, -INF, 2.0, INF, 1.0, 3.0, NAN, 0.0, 1.0)

op("logsumexp", [
    c(T(3, 4), 1), c(T(3, 4), 0), c(T(3, 4), -1), c(T(3, 4), -2, True), c(T(2, 3, 4), [0, 2]),
    c(T(2, 3, 4), [-1, 0], True), c(T(2, 3, 4), [0, 1, 2]), c(T(2, 3, 4), 1, keepdim=True),
    c(T(3, 4), [0, 1]), c(T(3, 4), [], True), c(T(3, 4), []).raises(), c(T(3, 4), [0, 0]).raises(),
    c(T(4, 3, layout="transposed"), 1), c(T(4, 3, layout="transposed"), [0, 1]),
    c(T(2, 5, layout="strided"), 1), c(T(3, 4, layout="expanded"), 0), c(T(3, 4, layout="offset"), 1),
    c(T(4, 3, gen=LSE_INF), 1), c(T(4, 3, gen=LSE_INF), 0), c(T(2, 3, gen=V(-INF)), 1),
    c(T(3, gen=V(INF, INF, 1.0)), 0), c(T(3, gen=V(INF, -INF, 1.0)), 0),
    c(T(3, 4, gen=V(100.0, 200.0, -50.0, 88.0)), 1), c(T(3, 4, dtype=f64, gen=V(700.0, 710.0, -5.0)), 1),
    c(T(3, 4, dtype=f64), 1), c(T(4, 5, dtype=bf16), 1), c(T(4, 5, dtype=f16), 1).raises(),
    c(T(3, 4, dtype=i64), 1), c(T(3, 4, dtype=i32, gen=U(-3, 3)), [0, 1]), c(T(3, 4, dtype=u8, gen=U(0, 5)), 0),
    c(M(3, 4), 1), c(T(3, 4, dtype=i8), 1, True),
    c(T(), 0), c(T(), -1, True), c(T(), []), c(T(0, 3), 0), c(T(0, 3), 1), c(T(0, 3), [0, 1]),
    c(T(3, 40, gen=U(-5.0, 5.0)), 1), c(T(40, 3, gen=U(-5.0, 5.0)), 0),
    c(T(3, 4), 2).raises(), c(T(), 1).raises(),
    c(T(3, 4), 1).method(), c(T(3, 4), [0, 1], True).method(),
    c(T(3, 4), 1).out(T(3)), c(T(3, 4), 1).out(T(0)), c(T(3, 4), 1).out(T(0, dtype=f64)),
    c(T(3, 4, dtype=i64), 1).out(T(0)), c(T(3, 4), 1).out(T(0, dtype=i64)).raises(),
], family="reduce")


def scan(prod):
    g = U(0.5, 1.5) if prod else U(-2.0, 2.0)
    ig = U(-3, 4) if prod else U(-9, 10)
    long_gen = U(0.9, 1.1) if prod else U(-1.0, 1.0)
    return [
        c(T(3, 4, gen=g), 0), c(T(3, 4, gen=g), 1), c(T(3, 4, gen=g), -1), c(T(3, 4, gen=g), -2),
        c(T(2, 3, 4, gen=g), 1), c(T(2, 3, 4, gen=g), -3), c(T(2, 3, 4, gen=g), dim=2),
        c(T(4, 3, gen=g, layout="transposed"), 0), c(T(4, 3, gen=g, layout="transposed"), 1),
        c(T(3, 5, gen=g, layout="strided"), 1), c(T(3, 4, gen=g, layout="expanded"), 0),
        c(T(3, 4, gen=g, layout="expanded"), 1), c(T(3, 4, gen=g, layout="offset"), 1),
        c(T(3, 4, dtype=f64, gen=g), 1), c(T(4, 5, dtype=bf16, gen=g), 1), c(T(4, 5, dtype=f16, gen=g), 1).raises(),
        c(T(3, 4, dtype=i64, gen=ig), 1), c(T(3, 4, dtype=i32, gen=ig), 0), c(T(3, 4, dtype=i8, gen=ig), 1),
        c(T(3, 4, dtype=i16, gen=ig), 1), c(T(3, 4, dtype=u8, gen=U(0, 5)), 1), c(M(3, 4), 1), c(M(3, 4), 0),
        c(T(3, 4, gen=g), 1, dtype=f64), c(T(3, 4, dtype=i64, gen=ig), 1, dtype=f32),
        c(T(3, 4, dtype=i32, gen=ig), 1, dtype=i32), c(M(3, 4), 1, dtype=u8),
        c(T(3, 4, dtype=i64, gen=ig), 0, dtype=i8),
        c(T(3, 4, gen=g), 1, dtype=bf16), c(T(3, 4, dtype=f64, gen=g), 1, dtype=f32), c(T(3, 4, gen=g), 1, dtype=i64),
        c(T(3, 4, gen=g), 1, dtype=f16).raises(), c(T(3, 4, gen=g), 1, dtype=b8).raises(),
        c(T(gen=g), 0), c(T(gen=g), -1), c(T(dtype=i32, gen=ig), 0), c(T(0, 3), 0), c(T(0, 3), 1), c(T(3, 0), 1),
        c(T(2, 6, gen=V(1.0, NAN, 2.0, INF, -INF, 0.5)), 1), c(T(2, 6, gen=V(2.0, 0.0, -0.0, INF, 3.0, -1.0)), 1),
        c(T(2, 5, dtype=i64, gen=V(2 ** 40, 2 ** 30, 7, -1, 3)), 1),
        c(T(3, 100, gen=long_gen), 1), c(T(100, 3, gen=long_gen), 0),
        c(T(3, 4), 2).raises(), c(T(3, 4), -3).raises(), c(T(), 1).raises(),
        c(T(3, 4, gen=g), 1).method(), c(T(3, 4, dtype=i32, gen=ig), 0).method(),
        c(T(3, 4, gen=g), 1).inplace(), c(T(3, 4, gen=g, layout="transposed"), 0).inplace(),
        c(T(3, 4, dtype=i32, gen=ig), 1).inplace(), c(T(3, 4, dtype=f64, gen=g), -1, dtype=f64).inplace(),
        c(T(3, 4, gen=g), 1, dtype=f64).inplace().raises(), c(T(gen=g), 0).inplace(),
        c(T(3, 4, gen=g), 1).out(T(0)), c(T(3, 4, gen=g), 1).out(T(3, 4, dtype=f64)),
        c(T(3, 4, dtype=i32, gen=ig), 1).out(T(0, dtype=i32)), c(T(3, 4, gen=g), 1, dtype=f64).out(T(0, dtype=f64)),
        c(T(3, 4, gen=g), 1, dtype=f64).out(T(0)).raises(),
    ]


op("cumsum", scan(False), family="reduce")
op("cumprod", scan(True), family="reduce")

CNZ = V(0.0, 1.5, 0.0, -0.0, NAN, -2.0, 0.0, INF)

op("count_nonzero", [
    c(T(3, 4, gen=CNZ)), c(T(3, 4, gen=CNZ), 0), c(T(3, 4, gen=CNZ), 1), c(T(3, 4, gen=CNZ), -1),
    c(T(3, 4, gen=CNZ), [0, 1]), c(T(2, 3, 4, gen=CNZ), [0, 2]), c(T(2, 3, 4, gen=CNZ), [-1]),
    c(T(2, 3, 4, gen=CNZ), []), c(T(2, 3, 4, gen=CNZ), dim=1), c(T(3, 4, gen=CNZ), None),
    c(T(4, 3, gen=CNZ, layout="transposed"), 1), c(T(2, 5, gen=CNZ, layout="strided"), 0),
    c(T(3, 4, gen=CNZ, layout="expanded"), 0), c(T(3, 4, gen=CNZ, layout="offset")),
    c(T(3, 4, dtype=i64, gen=U(-1, 2)), 1), c(T(3, 4, dtype=u8, gen=U(0, 2))), c(M(3, 4), 0), c(M(3, 4)),
    c(T(3, 4, dtype=f64, gen=CNZ), 1), c(T(4, 5, dtype=f16, gen=CNZ), 1), c(T(4, 5, dtype=bf16, gen=CNZ)),
    c(T(3, 4, dtype=i8, gen=U(-1, 2)), [0, 1]),
    c(T(gen=V(0.0))), c(T(gen=V(2.0)), 0), c(T(), [0]), c(T(0, 3)), c(T(0, 3), 0), c(T(0, 3), 1),
    c(T(3, 4), 2).raises(), c(T(3, 4), [0, 0]).raises(), c(T(3, 4), [0, 5]).raises(),
    c(T(3, 4, gen=CNZ), 1).method(), c(T(3, 4, gen=CNZ), [0, 1]).method(),
], family="reduce")

NANS = V(1.5, NAN, -0.5, 2.0, NAN, -1.25, 0.75)
ALL_NAN_ROWS = V(NAN, NAN, NAN, 1.0, NAN, 3.0, NAN, NAN, NAN, -2.0, 4.0, NAN)


def nan_reduce(name):
    mean = name == "nanmean"
    return reduce(ints=None if mean else "int64", bools=None if mean else "int64", gen=NANS) + [
        c(T(4, 3, gen=ALL_NAN_ROWS), 1), c(T(4, 3, gen=ALL_NAN_ROWS), 0), c(T(4, 3, gen=ALL_NAN_ROWS)),
        c(T(3, gen=V(NAN))), c(T(4, gen=V(1.0, NAN, INF, -2.0))), c(T(4, gen=V(INF, NAN, -INF))),
        c(T(3, 4, gen=NANS), []), c(T(3, 4, gen=NANS), dtype=f64), c(T(3, 4, gen=NANS), 1, True, dtype=f64),
        c(T(2, 3, 4, gen=NANS), [0, 1], keepdim=True), c(T(1000, gen=U(0.0, 1.0))), c(T(0)),
        c(T(4, dtype=f16, gen=NANS)), c(T(3, 4, dtype=f64, gen=NANS), 1).out(T(0, dtype=f64)),
        c(T(3, 4, gen=NANS), 1, dtype=f64).out(T(0, dtype=f64)),
    ] + ([c(T(3, 4, dtype=i64), 1, dtype=f32).raises(), c(T(3, 4, gen=NANS), 1, dtype=i64).raises()] if mean else
         [c(T(3, 4, dtype=i64), 1, dtype=f32), c(T(5, dtype=i32)), c(T(5, dtype=b8)), c(T(3, dtype=u8), dtype=i32)])


op("nansum", nan_reduce("nansum"), family="reduce")
op("nanmean", nan_reduce("nanmean"), family="reduce")


def std_var_mean():
    g = U(-2.0, 2.0)
    return [
        c(T(3, 4, gen=g)), c(T(3, 4, gen=g), 1), c(T(3, 4, gen=g), 0), c(T(3, 4, gen=g), -1, False),
        c(T(3, 4, gen=g), [0, 1]), c(T(2, 3, 4, gen=g), [0, 2], True, True), c(T(2, 3, 4, gen=g), [-1, 0]),
        c(T(3, 4, gen=g), 1, keepdim=True), c(T(3, 4, gen=g), True), c(T(3, 4, gen=g), unbiased=False),
        c(T(3, 4, gen=g), False), c(T(3, 4, gen=g), 1, correction=0), c(T(3, 4, gen=g), 1, correction=2),
        c(T(3, 4, gen=g), None, correction=1), c(T(3, 4, gen=g), dim=[0, 1], correction=0, keepdim=True),
        c(T(3, 4, gen=g), 1, unbiased=False, keepdim=True), c(T(3, 4, gen=g), 0, correction=5),
        c(T(4, 3, gen=g, layout="transposed"), 1), c(T(2, 5, gen=g, layout="strided"), 0),
        c(T(3, 4, gen=g, layout="expanded"), 0), c(T(3, 4, gen=g, layout="offset"), 1),
        c(T(3, 4, dtype=f64, gen=g), 1), c(T(1, gen=g)), c(T(1, 3, gen=g), 0), c(T(0, 3), 1), c(T(0, 3)),
        c(T(0, 3), 0), c(T(gen=g)), c(T(gen=g), 0, False), c(T(gen=g), unbiased=False),
        c(T(2, 6, gen=V(1.0, NAN, 2.0, INF, 3.0, 4.0)), 1), c(T(4, gen=V(INF, 1.0)), 0),
        c(T(3, gen=V(1.0, 2.0, INF))), c(T(3, gen=V(1.0, 2.0, -INF)), 0, True), c(T(1, gen=V(INF))),
        c(T(3, 4, gen=V(1.0, 2.0, 3.0, INF, 5.0, 6.0, INF, 8.0, INF, 1.0, 2.0, 3.0)), 1),
        c(T(3, 4, gen=V(1.0, 2.0, 3.0, INF, 5.0, 6.0, INF, 8.0, INF, 1.0, 2.0, 3.0)), 0, keepdim=True),
        c(T(3, 4, gen=V(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0, 2.0, INF)), [0, 1]),
        c(T(4, 3, gen=V(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0, 2.0, INF), layout="transposed"), [0, 1]),
        c(T(5, dtype=bf16, gen=g)), c(T(5, dtype=f16, gen=g)), c(T(4, 5, dtype=bf16, gen=g), 1),
        c(T(200, gen=U(10.0, 11.0))), c(T(3, 300, gen=U(-1.0, 1.0)), 1),
        c(T(3, dtype=i64)).raises(), c(T(3, dtype=b8), 0).raises(), c(T(3, 4), 2).raises(),
        c(T(3, 4), [1, 1]).raises(), c(T(3, 4, dtype=u8), 1, correction=0).raises(),
        c(T(3, 4, gen=g), [1], correction=1, out0=T(0), out1=T(0)).aten(),
        c(T(3, 4, gen=g), None, correction=0, keepdim=True, out0=T(0), out1=T(0)).aten(),
        c(T(3, 4, dtype=f64, gen=g), [0], correction=1, out0=T(5, dtype=f64), out1=T(0, dtype=f64)).aten(),
        c(T(3, 4, gen=g), [1], correction=1, out0=T(0, dtype=f64), out1=T(0, dtype=i64)).aten(),  # copied, cast
    ]


op("std_mean", std_var_mean(), family="reduce")
op("var_mean", std_var_mean(), family="reduce")

op("aminmax", [
    c(T(3, 4, gen=ARG_GEN)), c(T(3, 4, gen=ARG_GEN), dim=1), c(T(3, 4, gen=ARG_GEN), dim=0),
    c(T(3, 4, gen=ARG_GEN), dim=-1, keepdim=True), c(T(2, 3, 4), dim=1, keepdim=True), c(T(2, 3, 4), dim=-3),
    c(T(3, 4, gen=ARG_GEN), keepdim=True), c(T(3, 4), dim=None),
    c(T(4, 3, gen=ARG_GEN, layout="transposed"), dim=1), c(T(4, 3, layout="transposed")),
    c(T(2, 5, layout="strided"), dim=0), c(T(3, 4, layout="expanded"), dim=0), c(T(3, 4, layout="offset"), dim=1),
    c(T(2, 6, gen=V(1.0, NAN, 3.0, -INF, 2.0, NAN)), dim=1), c(T(6, gen=V(1.0, NAN, 3.0, INF))),
    c(T(6, gen=V(-0.0, 0.0, INF, -INF))), c(T(2, 3, gen=V(-0.0, 0.0, 1.0)), dim=1),
    c(T(3, 4, dtype=i64), dim=1), c(T(3, 4, dtype=u8, gen=U(0, 20))), c(T(3, 4, dtype=i8), dim=0),
    c(T(3, 4, dtype=i32)), c(T(3, 4, dtype=i16), dim=1), c(M(3, 4), dim=0), c(M(3, 4)),
    c(T(4, 5, dtype=f16), dim=1).raises(), c(T(4, 5, dtype=bf16)), c(T(3, 4, dtype=f64), dim=0),
    c(T(3, 50), dim=1), c(T(70, 3)), c(T(50, 3), dim=0),
    c(T()), c(T(), dim=0), c(T(), dim=-1, keepdim=True), c(T(0, 3), dim=1), c(T(0, 3), dim=1, keepdim=True),
    c(T(0, 3)).raises(), c(T(0, 3), dim=0).raises(), c(T(3, 4), dim=2).raises(), c(T(), dim=1).raises(),
    c(T(3, 4), 1).raises(prefix="aminmax() "),  # PyTorch's argument parser words it its own way
    c(T(4, 5, dtype=f16)).raises(), c(T(4, 5, dtype=bf16), keepdim=True), c(T(), keepdim=True),
    c(T(3, 4, gen=ARG_GEN), dim=1).method(), c(T(3, 4, gen=ARG_GEN)).method(),
    c(T(3, 4, gen=ARG_GEN), dim=1, min=T(0), max=T(0)).aten(), c(T(3, 4), min=T(2), max=T(0)).aten(),
    c(T(3, 4, dtype=i64), dim=0, keepdim=True, min=T(0, dtype=i64), max=T(0, dtype=i64)).aten(),
    c(T(3, 4), dim=1, min=T(0, dtype=f64), max=T(0)).aten().raises(),
    c(T(3, 4), dim=1, min=T(0), max=T(0, dtype=i64)).aten().raises(),
], family="reduce")

# ============================== matrix-vector and batched products ==============================

NANS_IN = V(NAN, INF, -INF, NAN)

op("baddbmm", [
    c(T(2, 3, 5), T(2, 3, 4), T(2, 4, 5)), c(T(3, 5), T(2, 3, 4), T(2, 4, 5)), c(T(5), T(2, 3, 4), T(2, 4, 5)),
    c(T(), T(2, 3, 4), T(2, 4, 5)), c(T(2, 1, 5), T(2, 3, 4), T(2, 4, 5)), c(T(1, 3, 1), T(2, 3, 4), T(2, 4, 5)),
    c(T(2, 3, 5), T(2, 3, 4), T(2, 4, 5), beta=0.5, alpha=2), c(T(2, 3, 5), T(2, 3, 4), T(2, 4, 5), alpha=0),
    c(T(2, 3, 5, gen=NANS_IN), T(2, 3, 4), T(2, 4, 5), beta=0),
    # beta=0.0 (a float) is left out: PyTorch 1.13 then reads its uninitialized result buffer
    # (a NaN now and then in repeated runs of the same sample).
    c(T(2, 3, 5), T(2, 3, 4), T(2, 4, 5), beta=-1, alpha=-0.5),
    c(T(2, 3, 5, layout="transposed"), T(2, 3, 4, layout="transposed"), T(2, 4, 5)),
    c(T(2, 3, 5, layout="strided"), T(2, 3, 4), T(2, 4, 5, layout="offset")),
    c(T(2, 3, 5), T(2, 3, 4, layout="expanded"), T(2, 4, 5, layout="expanded")),
    c(T(2, 3, 5, dtype=f64), T(2, 3, 4, dtype=f64), T(2, 4, 5, dtype=f64), beta=2),
    c(T(2, 2, 2, dtype=i64), T(2, 2, 3, dtype=i64), T(2, 3, 2, dtype=i64), beta=2, alpha=3),
    c(T(2, 2, 2, dtype=i32), T(2, 2, 3, dtype=i32), T(2, 3, 2, dtype=i32)),
    c(T(2, 2, 2, dtype=i64), T(2, 2, 3, dtype=i64), T(2, 3, 2, dtype=i64), beta=0.5),
    c(T(2, 2, 2, dtype=bf16), T(2, 2, 3, dtype=bf16), T(2, 3, 2, dtype=bf16)),
    c(T(2, 2, 2, dtype=f16), T(2, 2, 3, dtype=f16), T(2, 3, 2, dtype=f16)).raises(),
    c(M(2, 2, 2), M(2, 2, 3), M(2, 3, 2)).raises(),
    c(T(0, 3, 5), T(0, 3, 4), T(0, 4, 5)), c(T(2, 3, 5), T(2, 3, 0), T(2, 0, 5)), c(T(2, 0, 5), T(2, 0, 4), T(2, 4, 5)),
    c(T(2, 3, 5, gen=V(NAN)), T(2, 3, 0), T(2, 0, 5), beta=0),
    c(T(6, 7, 9), T(6, 7, 33, gen=MAT), T(6, 33, 9, gen=MAT)),
    c(T(2, 3, 5), T(2, 3, 4), T(2, 5, 5)).raises(), c(T(2, 3, 5), T(2, 3, 4), T(3, 4, 5)).raises(),
    c(T(4, 5), T(2, 3, 4), T(2, 4, 5)).raises(), c(T(2, 3, 5), T(3, 4), T(4, 5)).raises(),
    c(T(2, 3, 5), T(2, 3, 4), T(2, 4, 5, dtype=f64)).raises(),
    c(T(2, 3, 5, dtype=f64), T(2, 3, 4), T(2, 4, 5)),
    c(T(2, 3, 5), T(2, 3, 4), T(2, 4, 5)).method(), c(T(2, 3, 5), T(2, 3, 4), T(2, 4, 5), beta=0.5).inplace(),
    c(T(2, 3, 5, gen=NANS_IN), T(2, 3, 4), T(2, 4, 5), beta=0).inplace(),
    c(T(3, 5), T(2, 3, 4), T(2, 4, 5)).inplace().raises(),
    c(T(2, 3, 5), T(2, 3, 4), T(2, 4, 5), alpha=0.5).out(T(0)), c(T(5), T(2, 3, 4), T(2, 4, 5)).out(T(2, 3, 5)),
    c(T(2, 3, 5), T(2, 3, 4), T(2, 4, 5)).out(T(0, dtype=f64)).raises(),
], tol=MM_TOL, family="linalg")

op("addbmm", [
    c(T(3, 5), T(2, 3, 4), T(2, 4, 5)), c(T(5), T(2, 3, 4), T(2, 4, 5)), c(T(3, 1), T(2, 3, 4), T(2, 4, 5)),
    c(T(), T(2, 3, 4), T(2, 4, 5)), c(T(3, 5), T(2, 3, 4), T(2, 4, 5), beta=0.5, alpha=2),
    c(T(3, 5, gen=NANS_IN), T(2, 3, 4), T(2, 4, 5), beta=0), c(T(3, 5), T(2, 3, 4), T(2, 4, 5), alpha=0),
    c(T(3, 5, layout="transposed"), T(2, 3, 4, layout="transposed"), T(2, 4, 5)),
    c(T(3, 5, layout="strided"), T(2, 3, 4), T(2, 4, 5, layout="offset")),
    c(T(3, 5), T(2, 3, 4, layout="expanded"), T(2, 4, 5)),
    c(T(3, 5, dtype=f64), T(2, 3, 4, dtype=f64), T(2, 4, 5, dtype=f64), beta=2),
    c(T(2, 2, dtype=i64), T(2, 2, 3, dtype=i64), T(2, 3, 2, dtype=i64), beta=2, alpha=3),
    c(T(2, 2, dtype=i32), T(3, 2, 3, dtype=i32), T(3, 3, 2, dtype=i32)),
    c(T(2, 2, dtype=i64), T(2, 2, 3, dtype=i64), T(2, 3, 2, dtype=i64), alpha=0.5),
    c(T(2, 2, dtype=bf16), T(2, 2, 3, dtype=bf16), T(2, 3, 2, dtype=bf16)),
    c(M(2, 2), M(2, 2, 3), M(2, 3, 2)).raises(),
    c(T(3, 5), T(0, 3, 4), T(0, 4, 5)), c(T(3, 5, gen=V(NAN)), T(0, 3, 4), T(0, 4, 5), beta=0),
    c(T(3, 5), T(2, 3, 0), T(2, 0, 5)), c(T(0, 5), T(2, 0, 4), T(2, 4, 5)),
    c(T(7, 9), T(6, 7, 33, gen=MAT), T(6, 33, 9, gen=MAT)),
    c(T(3, 5), T(2, 3, 4), T(2, 5, 5)).raises(), c(T(3, 5), T(2, 3, 4), T(3, 4, 5)).raises(),
    c(T(4, 5), T(2, 3, 4), T(2, 4, 5)).raises(), c(T(3, 5), T(3, 4), T(4, 5)).raises(),
    c(T(3, 5), T(2, 3, 4), T(2, 4, 5, dtype=f64)).raises(),
    c(T(3, 5), T(2, 3, 4), T(2, 4, 5)).method(), c(T(3, 5), T(2, 3, 4), T(2, 4, 5), alpha=2).inplace(),
    c(T(5), T(2, 3, 4), T(2, 4, 5)).inplace(),
    c(T(3, 5), T(2, 3, 4), T(2, 4, 5)).out(T(0)), c(T(5), T(2, 3, 4), T(2, 4, 5), beta=0).out(T(3, 5)),
], tol=MM_TOL, family="linalg")

op("addmv", [
    c(T(2), T(2, 3), T(3)), c(T(1), T(2, 3), T(3)), c(T(), T(2, 3), T(3)),
    c(T(2), T(2, 3), T(3), beta=0.5, alpha=2), c(T(2, gen=NANS_IN), T(2, 3), T(3), beta=0),
    c(T(4, gen=V(NAN)), T(4, 3), T(3), beta=0.0), c(T(2), T(2, 3), T(3), alpha=0),
    c(T(3), T(3, 2, layout="transposed"), T(2, layout="strided")),
    c(T(3, layout="strided"), T(3, 4), T(4, layout="offset")),
    c(T(3, layout="expanded"), T(3, 2, layout="expanded"), T(2)),
    c(T(4, dtype=f64), T(4, 3, dtype=f64), T(3, dtype=f64), beta=2),
    c(T(2, dtype=i64), T(2, 3, dtype=i64), T(3, dtype=i64), beta=2, alpha=3),
    c(T(2, dtype=i32), T(2, 3, dtype=i32), T(3, dtype=i32)),
    c(T(2, dtype=u8, gen=U(0, 3)), T(2, 3, dtype=u8, gen=U(0, 3)), T(3, dtype=u8, gen=U(0, 3))),
    c(T(2, dtype=i64), T(2, 3, dtype=i64), T(3, dtype=i64), beta=1.5),
    c(T(2, dtype=bf16), T(2, 3, dtype=bf16), T(3, dtype=bf16)),
    c(M(2), M(2, 3), M(3)).raises(),
    c(T(0), T(0, 3), T(3)), c(T(2), T(2, 0), T(0)), c(T(2, gen=V(NAN)), T(2, 0), T(0), beta=0),
    c(T(9), T(9, 70, gen=MAT), T(70, gen=MAT)),
    c(T(2), T(2, 3), T(4)).raises(), c(T(3), T(2, 3), T(3)).raises(), c(T(2, 2), T(2, 3), T(3)).raises(),
    c(T(2), T(3), T(3)).raises(), c(T(2), T(2, 3), T(3, 1)).raises(),
    c(T(2), T(2, 3), T(3, dtype=f64)).raises(), c(T(2, dtype=f64), T(2, 3), T(3)),
    c(T(2), T(2, 3), T(3)).method(), c(T(2), T(2, 3), T(3), beta=0.5).inplace(),
    c(T(2, gen=NANS_IN), T(2, 3), T(3), beta=0).inplace(), c(T(1), T(2, 3), T(3)).inplace().raises(),
    c(T(2), T(2, 3), T(3), alpha=0.5).out(T(0)), c(T(), T(2, 3), T(3)).out(T(2)),
], tol=MM_TOL, family="linalg")

op("outer", [
    c(T(3), T(4)), c(T(1), T(4)), c(T(3), T(1)), c(T(0), T(4)), c(T(3), T(0)),
    c(T(5, layout="strided"), T(4, layout="offset")), c(T(4, layout="expanded"), T(3)),
    c(T(3, dtype=f64), T(4, dtype=f64)), c(T(3, dtype=i64), T(4, dtype=i64)), c(T(3, dtype=i32), T(4, dtype=i64)),
    c(T(3, dtype=i64), T(4)), c(T(3), T(4, dtype=f64)), c(M(3), M(4)), c(M(3), T(2, dtype=u8)),
    c(T(3, dtype=bf16), T(4, dtype=bf16)), c(T(3, dtype=f16), T(4, dtype=f16)), c(T(3, dtype=f16), T(2)),
    c(T(4, gen=V(NAN, INF, -0.0, 2.0)), T(3, gen=V(0.0, -1.0, INF))),
    c(T(), T(3)).raises(), c(T(3), T()).raises(), c(T(2, 3), T(3)).raises(), c(T(3), T(2, 2)).raises(),
    c(T(3), T(4)).method(), c(T(3), T(4)).out(T(0)), c(T(3, dtype=i64), T(4, dtype=i64)).out(T(3, 4, dtype=i64)),
    c(T(3), T(4)).out(T(0, dtype=i64)).raises(),
], tol=MM_TOL, family="linalg")

# ============================== creation and random ==============================

op("logspace", [
    c(0, 1, 5), c(-1, 1, 1), c(0, 1, 0), c(0, 10, 7, dtype=f64), c(0, 3, 4, dtype=i64), c(2, -2, 5),
    c(0, 2, 3, 2), c(0, 2, 3, base=2.0), c(-1.5, 1.5, 7, base=3.5), c(0, 5, 6, base=0.5), c(0, 3, 4, base=-2.0),
    c(0, 3, 4, base=1.0), c(1, 1, 3), c(0.5, 2.5, 5, dtype=f64), c(0, 2, 5, dtype=i32), c(0, 2, 5, dtype=u8),
    c(0, 3, 4, 2, dtype=i16), c(0, 1, 4, dtype=bf16), c(0, 1, 4, dtype=f16).raises(), c(0, 20, 40),
    c(0, 38, 60), c(-50, 50, 9, dtype=f64), c(0, 3, 4, base=0.0), c(0.0, 1.0, 3, dtype=b8).raises(),
    c(0, 1, -1).raises(), c(0, 1, 5).out(T(5, dtype=f64)), c(0, 1, 5).out(T(0)), c(0, 1, 3, 2.0).out(T(3, dtype=i64)),
    c(0, 1, 5, dtype=f64).out(T(0)).raises(), c(0, 1, 5, dtype=f64).out(T(0, dtype=f64)),
    c(0, 1, 1).out(T()), c(0, 2, 4).out(T(4, layout="strided")), c(0, 2, 40).out(T(40, dtype=f64, layout="strided")),
    c(1, 2, 3, base=2).out(T(3, dtype=b8)).raises(),
], family="creation")

PROB_IN = U(0.0, 1.0)

op("bernoulli", [
    c(T(3, 4, gen=PROB_IN)).seed(0), c(T(17, gen=PROB_IN)).seed(1), c(T(40, dtype=f64, gen=PROB_IN)).seed(2),
    c(T(4, 3, gen=PROB_IN, layout="transposed")).seed(3), c(T(3, 9, gen=PROB_IN, layout="strided")).seed(4),
    c(T(3, 4, gen=PROB_IN, layout="expanded")).seed(5), c(T(3, 4, gen=PROB_IN, layout="offset")).seed(6),
    c(T(10, gen=V(0.0, 1.0))).seed(7), c(T(gen=PROB_IN)).seed(8), c(T(0, 3)).seed(9),
    c(T(5, dtype=bf16, gen=PROB_IN)).seed(10), c(T(5, dtype=f16, gen=PROB_IN)).raises(),
    c(T(3, 4), 0.3).seed(12), c(T(33), 0.5).seed(13), c(T(20, dtype=f64), 0.75).seed(14), c(T(3), 0.0).seed(15),
    c(T(3), 1.0).seed(16), c(T(), 0.5).seed(17), c(T(0), 0.5).seed(18), c(T(4, 3, layout="transposed"), 0.25).seed(19),
    c(T(6, dtype=i64), 0.5).seed(20), c(M(6), 0.5).seed(21), c(T(6, dtype=u8), 0.4).seed(22),
    c(T(3, 4, gen=PROB_IN), generator=None).seed(23),
    c(T(3), 1.5).raises(), c(T(3), -0.1).raises(), c(T(3, gen=V(0.5, 1.5))).raises(),
    c(T(3, gen=V(0.5, -0.5))).raises(), c(T(3, dtype=i64)).raises(),
    c(T(3, 4, gen=PROB_IN)).method().seed(24), c(T(3, 4), 0.6).method().seed(25),
    c(T(3, 4), 0.3).inplace().seed(26), c(T(3, 4)).inplace().seed(27),
    c(T(3, 4), T(3, 4, gen=PROB_IN)).inplace().seed(28),
    c(T(3, 4), T(4, gen=PROB_IN)).inplace().seed(29), c(T(3, 4, dtype=i64), T(3, 4, gen=PROB_IN)).inplace().seed(30),
    c(M(8), 0.5).inplace().seed(31), c(T(8, dtype=f64), T(8, dtype=f64, gen=PROB_IN)).inplace().seed(32),
    c(T(4, 3, layout="transposed"), T(4, 3, gen=PROB_IN)).inplace().seed(33),
    c(T(4, 3, layout="transposed"), 0.4).inplace().seed(36), c(T(3, 6, layout="strided"), 0.6).inplace().seed(37),
    c(T(3, 4, dtype=f16), 0.5).inplace().raises(),
    c(T(3), 1.5).inplace().raises(), c(T(3), T(3, gen=V(2.0))).inplace().raises(),
    c(T(3, 4, gen=PROB_IN)).out(T(0)).seed(34), c(T(3, 4, gen=PROB_IN)).out(T(3, 4, dtype=f64)).seed(35),
    c(T(5, dtype=f64, gen=PROB_IN)).out(T(2, 2)).seed(38),
], family="random")

op("randint_like", [
    c(T(2, 3), 10).seed(0), c(T(2, 3), -5, 5).seed(1), c(T(4, dtype=i64), 100).seed(2),
    c(T(3, 4, layout="transposed"), 7).seed(3), c(T(3, 5, layout="strided"), 7).seed(4),
    c(T(3, 4, layout="expanded"), 3).seed(5), c(T(3, dtype=i32), 0, 2 ** 20).seed(6),
    c(T(5), 10, dtype=i64).seed(7), c(T(5, dtype=i64), 3, dtype=f64).seed(8), c(T(), 4).seed(9),
    c(T(0, 3), 4).seed(10), c(T(17, dtype=u8), 0, 256).seed(11), c(T(6, dtype=f64), -3, 3).seed(12),
    c(T(4, dtype=bf16), 8).seed(13), c(T(4, dtype=f16), 8).seed(14), c(M(8), 2).seed(15),
    c(T(40), 0, 2 ** 40, dtype=i64).seed(16), c(T(3), 1).seed(17),
    c(T(3), 0).raises(), c(T(3), 5, 5).raises(), c(T(3), 5, 2).raises(), c(T(3, dtype=u8), -1, 3).raises(),
    c(M(3), 3).raises(),
], views=True, family="random")

op("empty_strided", [
    c([2, 3], [3, 1]).no_values(), c([2, 3], [1, 2]).no_values(), c([2, 3], [6, 2]).no_values(),
    c([3, 4], [0, 1]).no_values(), c([4], [2], dtype=f64).no_values(), c([2, 2], [2, 1], dtype=i64).no_values(),
    c([2], [1], dtype=b8).no_values(), c([3], [1], dtype=f16).no_values(), c([], []).no_values(),
    c([0, 3], [3, 1]).no_values(), c([2, 0], [1, 7]).no_values(), c([2, 3, 4], [1, 2, 6]).no_values(),
    c([2, 3], [3, 1], dtype=u8).no_values(),
    c([2, 3], [3]).raises(), c([2, -1], [1, 1]).raises(),
], views=True, family="creation")
