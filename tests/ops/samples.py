"""Op conformance samples: the one place each op's samples are declared.

One `op(...)` entry per registry op name; each `c(...)` is a call (vocabulary in spec.py).
After editing, regenerate the golden files: tools/gen_op_golden [op...].
Coverage asked of each op: a non-contiguous input, broadcasting (where the op broadcasts),
zero-size, 0-dim, dtype promotion, each dtype family, the in-place/out= forms, and its errors.
"""
from spec import (INF, NAN, T, U, V, Ar, B, N, b8, bf16, c, f16, f32, f64, i8, i16, i32, i64,  # noqa: F401
                  op, u8)

SPECIAL = V(NAN, INF, -INF, 0.0, -0.0, 0.5, -1.5, 2.5, -3.75, 1e-3)


def I(*shape, hi, lo=0, dtype=i64, layout="contiguous"):  # noqa: E743: an index tensor
    return T(*shape, dtype=dtype, gen=U(lo, hi), layout=layout)


def M(*shape, p=0.5, layout="contiguous"):  # a bool mask
    return T(*shape, dtype=b8, gen=B(p), layout=layout)


# ============================== creation ==============================

op("empty", [
    c([2, 3]).no_values(), c([4], dtype=f64).no_values(), c([3], dtype=i32).no_values(),
    c([2], dtype=b8).no_values(),
    c([2, 0, 3]).no_values(), c([]).no_values(), c([2, -1]).raises(),
], family="creation")


def filled():
    return [
        c([2, 3]), c([4], dtype=f64), c([2, 3], dtype=i64), c([3], dtype=b8), c([2, 2], dtype=f16),
        c([2, 2], dtype=bf16), c([3], dtype=u8), c([2], dtype=i8), c([2], dtype=i16),
        c([2], dtype=i32), c([]), c([0, 3]), c([2, 3]).out(T(2, 3, dtype=i64)),
        c([3]).out(T(0)), c([-1]).raises(), c([2, -3]).raises(),
    ]


op("zeros", filled(), family="creation")
op("ones", filled(), family="creation")

op("full", [
    c([2, 3], 1.5), c([2], 7), c([3], True), c([2, 2], 2, dtype=f64), c([2], 2.5, dtype=i32),
    c([2], -3, dtype=u8), c([3], 1.5, dtype=f16), c([3], 1.5, dtype=bf16), c([2], 1, dtype=b8),
    c([], 3.0), c([0, 2], 1.0), c([2], -1.5).out(T(2, dtype=f64)), c([-1], 1.0).raises(),
], family="creation")

op("arange", [
    c(5), c(1, 4), c(0, 1, 0.1), c(0.5, 3), c(10, 0, -3), c(-1.5, 1.5, 0.5, dtype=f64),
    c(5, dtype=f32), c(1, 10, 2, dtype=i32), c(1.0, 2.0, 0.3), c(2.5), c(0), c(3, 3),
    c(0, 5, dtype=f16), c(0, 5).out(T(0, dtype=i64)), c(0, 1, 0.25).out(T(4, dtype=f64)),
    c(0, 1, 0).raises(), c(1, 0).raises(), c(0, 10, -1).raises(), c(3, dtype=b8).raises(),
], family="creation")

op("linspace", [
    c(0, 1, 5), c(-1, 1, 1), c(0, 1, 0), c(0, 10, 7, dtype=f64), c(0, 10, 5, dtype=i64),
    c(2, -2, 5), c(0.5, 1.5, 4, dtype=bf16), c(0, 1, 3, dtype=b8).raises(), c(0, 1, 5).out(T(5, dtype=f64)),
    c(0, 1, -1).raises(), c(0, 1, 1).out(T()), c(2, 5, 1).out(T(1, 1, dtype=f64)),
], family="creation")

op("eye", [
    c(3), c(2, 4), c(4, 2), c(0), c(1), c(3, dtype=i64), c(2, dtype=b8), c(3, 0),
    c(3).out(T(0)), c(-1).raises(), c(2, -1).raises(),
], family="creation")

op("tensor", [
    c([1, 2, 3]), c([1.5, 2]), c([True, False]), c([[1, 2], [3, 4]], dtype=f64), c(3.5), c(7),
    c(True), c([]), c([[1.0], [2.0]]), c([1, 2.5]), c([True, 2]), c([[[1, 2]], [[3, 4]]]),
    c([1, 2], dtype=u8), c([0.1, 0.2], dtype=f16), c([[1, 2], [3]]).raises(),
], family="creation")


def like(name, *extra):
    return [
        c(T(2, 3), *extra), c(T(3, 4, layout="transposed"), *extra), c(T(2, 3, dtype=i64), *extra),
        c(T(2, 3), *extra, dtype=f64), c(T(), *extra), c(T(0, 2), *extra),
        c(T(3, 4, layout="strided"), *extra), c(T(2, 3, layout="expanded"), *extra),
        c(T(4, dtype=b8), *extra), c(T(4, dtype=f16), *extra),
    ]


op("zeros_like", like("zeros_like"), views=True, family="creation")
op("ones_like", like("ones_like"), views=True, family="creation")
op("full_like", like("full_like", 2.5) + [
    c(T(3, dtype=i64), 7), c(T(3), 7, dtype=i32), c(T(3, dtype=b8), True),
], views=True, family="creation")
op("empty_like", [x.no_values() for x in like("empty_like")], views=True, family="creation")

# ---- random (bit-exact with the same seed) ----


def random_sized(name, extra=()):
    return [
        c([2, 3]).seed(0), c([5], dtype=f64).seed(1), c([17]).seed(42), c([16]).seed(3),
        c([4, 5]).seed(1234), c([33], dtype=f64).seed(5), c([0]).seed(0), c([]).seed(3),
        c([7]).seed(7).out(T(0)), c([4], dtype=bf16).seed(6), c([4], dtype=f16).seed(8),
        c([3], dtype=i64).raises(),
    ]


# aten::manual_seed returns None; its effect is checked by every .seed(n) sample, which calls it.
op("manual_seed", [c(0), c(2 ** 32 + 5)], form="aten", family="random")
op("rand", random_sized("rand"), family="random")
op("randn", random_sized("randn"), family="random")
op("randint", [
    c(10, [5]).seed(0), c(-5, 5, [2, 3]).seed(1), c(3, [4], dtype=i32).seed(2),
    c(0, 2 ** 40, [3]).seed(3), c(5, [0]).seed(0), c(0, 256, [6], dtype=u8).seed(4),
    c(0, 2, [5], dtype=f32).seed(9), c(0, [3]).raises(), c(3, 1, [2]).raises(),
    c(10, [4]).out(T(4, dtype=i64)).seed(0), c(0, 5, [2, 3]).out(T(0)).seed(1),
    c(-3, 3, [5], generator=None).out(T(5, dtype=i32)).seed(2), c(0, [3]).out(T(3, dtype=i64)).raises(),
], family="random")
op("randperm", [
    c(5).seed(0), c(1).seed(0), c(0).seed(0), c(30).seed(7), c(10, dtype=i32).seed(1),
    c(6, dtype=f64).seed(2), c(-1).raises(), c(5).out(T(0, dtype=i64)).seed(0),
    c(7).out(T(7)).seed(1), c(4, generator=None).out(T(2, 2, dtype=i32)).seed(2),
    c(-1).out(T(0, dtype=i64)).raises(), c(300).out(T(0, dtype=u8)).raises(),
], family="random")
op("normal", [
    c(T(2, 3), 2.0).seed(0), c(T(17, dtype=f64), 0.5).seed(1), c(T(4, 5, layout="transposed"), 1.0).seed(2),
    c(1.5, T(3, 4, gen=U(0.0, 2.0))).seed(3), c(-1.0, T(16, dtype=f64, gen=U(0.0, 3.0))).seed(4),
    c(T(3, 1), T(1, 4, gen=U(0.0, 2.0))).seed(5), c(T(20), T(20, gen=U(0.5, 1.0))).seed(6),
    c(0.5, 2.0, [3, 4]).seed(7), c(0.0, 1.0, [17], dtype=f64).seed(8), c(2.0, 0.0, [0]).seed(9),
    c(T(0, 3), 1.0).seed(1), c(T(), 1.0).seed(2), c(T(5), 2.0, generator=None).seed(10),
    c(T(3), -1.0).raises(), c(1.0, T(3, gen=V(1.0, -1.0))).raises(), c(1.0, 2.0, [2]).out(T(0)).seed(11),
    c(T(4), T(4, gen=U(0.0, 1.0))).out(T(0)).seed(12), c(T(3, dtype=i64), 1.0).raises(),
], family="random")
PROBS = U(0.05, 1.0)
op("multinomial", [
    c(T(6, gen=PROBS), 3).seed(0), c(T(6, gen=PROBS), 1).seed(1), c(T(3, 5, gen=PROBS), 2).seed(2),
    c(T(6, gen=PROBS), 10, True).seed(3), c(T(3, 5, gen=PROBS), 7, replacement=True).seed(4),
    c(T(5, 4, gen=PROBS, layout="transposed"), 3, True).seed(5), c(T(5, 4, gen=PROBS, layout="transposed"), 3).seed(6),
    c(T(8, dtype=f64, gen=PROBS), 20, True).seed(7), c(T(8, dtype=f64, gen=PROBS), 8).seed(8),
    c(T(4, gen=V(0.0, 1.0, 0.0, 2.0)), 2).seed(9), c(T(4, gen=V(0.0, 1.0, 0.0, 2.0)), 30, True).seed(10),
    c(T(0, 4, gen=PROBS), 2).seed(11), c(T(6, dtype=bf16, gen=PROBS), 4, True).seed(12),
    c(T(6, gen=PROBS), 3).method().seed(13), c(T(6, gen=PROBS), 3, True).out(T(0, dtype=i64)).seed(14),
    c(T(2, 4, gen=PROBS), 1, True).seed(15), c(T(7, gen=PROBS), 1, replacement=True).seed(16),
    c(T(2, 2, 2, gen=PROBS), 1).raises(), c(T(3, gen=PROBS), 4).raises(), c(T(3, gen=PROBS), 0).raises(),
    c(T(3, gen=V(1.0, -1.0, 2.0)), 2).raises(), c(T(3, gen=V(1.0, -1.0, 2.0)), 2, True).raises(),
    c(T(2, 3, gen=V(0.0)), 1).raises(), c(T(2, 3, gen=V(0.0)), 2, True).raises(),
    c(T(3, dtype=i64), 1).raises(), c(T(3, gen=V(1.0, NAN, 2.0)), 2, True).raises(),
], family="random")
op("rand_like", [
    c(T(2, 3)).seed(0), c(T(3, 4, layout="transposed")).seed(1), c(T(4), dtype=f64).seed(2),
    c(T()).seed(3), c(T(0, 3)).seed(3), c(T(2, dtype=i64)).raises(), c(M(2)).raises(),
    c(T(3), dtype=bf16).seed(4),
], views=True, family="random")
op("randn_like", [
    c(T(2, 3)).seed(0), c(T(3, 4, layout="transposed")).seed(1), c(T(20), dtype=f64).seed(2),
    c(T()).seed(3), c(T(0, 3)).seed(3), c(T(2, dtype=i64)).raises(), c(M(2)).raises(),
    c(T(3), dtype=f64).seed(4),
], views=True, family="random")

# ============================== pointwise unary ==============================

FLOAT_GEN = U(-2.0, 2.0)


def unary(*, gen=FLOAT_GEN, int_gen=U(-9, 10), int_result=False, bool_ok=True, f16_ok=False,
          inplace=True, out=True, special=SPECIAL):
    """Samples for a one-tensor op. int_result: integer inputs keep their dtype (else they
    promote to float, so in-place on an int tensor is an error)."""
    s = [
        c(T(3, 4, gen=gen)), c(T(4, 3, gen=gen, layout="transposed")),
        c(T(2, 5, dtype=f64, gen=gen, layout="strided")), c(T(gen=gen)), c(T(0, 3)),
        c(T(6, dtype=bf16, gen=gen)), c(T(2, 3, dtype=i64, gen=int_gen)),
        c(T(4, dtype=i32, gen=int_gen)), c(T(5, dtype=u8, gen=U(0, 20))),
        c(T(3, 2, gen=gen, layout="offset")), c(T(3, 4, gen=gen, layout="expanded")),
        c(T(5, dtype=b8)) if bool_ok else c(T(5, dtype=b8)).raises(),
        c(T(6, dtype=f16, gen=gen)) if f16_ok else c(T(6, dtype=f16, gen=gen)).raises(),
        c(T(3, 4, gen=gen)).method(),
    ]
    if special is not None:
        s.append(c(T(10, dtype=f64, gen=special)))
        s.append(c(T(10, gen=special)))
    if inplace:
        s += [c(T(3, 4, gen=gen, layout="transposed")).inplace(), c(T(gen=gen)).inplace(),
              c(T(2, 3, dtype=f64, gen=gen)).inplace()]
        bad = c(T(4, dtype=i64, gen=int_gen)).inplace()
        s.append(bad if int_result else bad.raises())
    if out:
        s += [c(T(2, 3, gen=gen)).out(T(2, 3)), c(T(2, 3, gen=gen)).out(T(0))]
        wider = c(T(2, 3, gen=gen)).out(T(2, 3, dtype=f64))  # dtype-keeping kernels reject it
        s.append(wider.raises() if int_result else wider)
        s.append(c(T(2, 3, gen=gen)).out(T(2, 3, dtype=i64)).raises())
    return s


POS = U(0.1, 4.0)
INT_POS = U(1, 20)
ROUNDING = V(-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 0.49999997, -0.7, 1.2, 3.5)

op("neg", unary(int_result=True, bool_ok=False, f16_ok=True), family="unary")
op("abs", unary(int_result=True, bool_ok=False, f16_ok=True), family="unary")
op("sign", unary(int_result=True, f16_ok=True), family="unary")
op("sqrt", unary(gen=POS, int_gen=INT_POS), family="unary")
op("rsqrt", unary(gen=POS, int_gen=INT_POS), family="unary")
op("exp", unary(), family="unary")
op("log", unary(gen=POS, int_gen=INT_POS), family="unary")
op("sin", unary(gen=U(-6.0, 6.0)), tol={"float32": (1.3e-6, 1e-5)}, family="unary")
op("cos", unary(gen=U(-6.0, 6.0)), family="unary")
op("tanh", unary(gen=U(-4.0, 4.0)), family="unary")
op("sigmoid", unary(gen=U(-8.0, 8.0)), family="unary")
op("relu", unary(int_result=True, bool_ok=False, out=False), family="unary")
op("floor", unary(gen=ROUNDING, int_result=True, bool_ok=False), family="unary")
op("ceil", unary(gen=ROUNDING, int_result=True, bool_ok=False), family="unary")
op("trunc", unary(gen=ROUNDING, int_result=True, bool_ok=False), family="unary")
op("round", unary(gen=ROUNDING, int_result=True, bool_ok=False) + [
    c(T(3, 4, gen=U(-50.0, 50.0)), decimals=1), c(T(3, 4, dtype=f64, gen=U(-50.0, 50.0)), decimals=2),
    c(T(5, gen=V(1234.5, -2500.0, 15.0, 0.125)), decimals=-1),
    c(T(3, gen=U(-5.0, 5.0)), decimals=1).out(T(3)),
    c(T(3, dtype=i64), decimals=1).raises(),
], family="unary")
op("reciprocal", unary(gen=V(0.5, -2.0, 4.0, 0.1, 3.0, -0.25), int_gen=V(1, 2, -4, 0, 5), f16_ok=True),
   family="unary")
op("square", unary(int_result=True, f16_ok=True) + [c(T(3, dtype=b8)).inplace().raises()],
   family="unary")
op("logical_not", [
    c(T(3, 4)), c(T(4, 3, layout="transposed", gen=V(0.0, 1.0, -0.0, NAN))), c(T(5, dtype=b8)),
    c(T(5, dtype=i64, gen=U(-1, 2))), c(T(4, dtype=u8, gen=U(0, 2))), c(T()), c(T(0, 2)),
    c(T(4, dtype=f16, gen=V(0.0, 1.5))), c(T(3, dtype=b8)).method(), c(T(3, dtype=b8)).inplace(),
    c(T(3, gen=V(0.0, 2.0))).inplace(), c(T(3)).out(T(3, dtype=f32)), c(T(3, dtype=i32)).out(T(0, dtype=b8)),
], family="unary")
op("isnan", [
    c(T(10, gen=SPECIAL)), c(T(10, dtype=f64, gen=SPECIAL)), c(T(2, 5, gen=SPECIAL, layout="transposed")),
    c(T(4, dtype=i64)), c(T(3, dtype=b8)), c(T()), c(T(0, 3)), c(T(4, dtype=f16, gen=V(NAN, 1.0))),
    c(T(4, dtype=bf16, gen=V(NAN, 1.0))), c(T(3)).method(),
], family="unary")

CLAMP_GEN = U(-3.0, 3.0)
CAST_ERROR = "result type Float can't be cast to the desired output type "
op("clamp", [
    c(T(3, 4, gen=CLAMP_GEN), -0.5, 0.5), c(T(3, 4, gen=CLAMP_GEN), min=-0.5),
    c(T(3, 4, gen=CLAMP_GEN), max=0.5), c(T(4, 3, gen=CLAMP_GEN, layout="transposed"), -1, 1),
    c(T(3, 4, gen=CLAMP_GEN), T(3, 4), T(4, gen=U(1.0, 2.0))), c(T(3, 4, gen=CLAMP_GEN), T(3, 1), None),
    c(T(2, 3, dtype=i64), -2, 3), c(T(2, 3, dtype=i64), 0.5, 2.5),
    c(T(2, 3, dtype=i64), T(3), T(3, dtype=i64)),
    c(T(gen=CLAMP_GEN), 0, 1), c(T(0, 3), 0, 1), c(T(10, gen=SPECIAL), -1.0, 1.0),
    c(T(4, gen=CLAMP_GEN), 1, -1), c(T(5, dtype=u8), 3, 10), c(T(4, dtype=bf16, gen=CLAMP_GEN), -1, 1),
    c(T(4, dtype=f16, gen=CLAMP_GEN), -1, 1).raises(), c(T(3, dtype=f64, gen=CLAMP_GEN), -1, 1),
    c(T(3, gen=CLAMP_GEN), -1, 1).method(), c(T(3, 2, gen=CLAMP_GEN, layout="transposed"), -1, 1).inplace(),
    c(T(3, dtype=i64), 0.5, 1.5).inplace().raises(prefix=CAST_ERROR),  # PyTorch says "long int" here
    c(T(2, 3, gen=CLAMP_GEN), -1, 1).out(T(0)),
    c(T(3)).raises(), c(T(3), T(4), None).raises(), c(M(4), False, True).raises(),
], family="unary")


def clamp_one(name):
    return [
        c(T(3, 4, gen=CLAMP_GEN), 0.5), c(T(4, 3, gen=CLAMP_GEN, layout="transposed"), -1),
        c(T(3, 4, gen=CLAMP_GEN), T(4)), c(T(2, 3, dtype=i64), 2), c(T(2, 3, dtype=i64), 1.5),
        c(T(gen=CLAMP_GEN), 0), c(T(0, 3), 0), c(T(10, gen=SPECIAL), 0.0), c(T(5, dtype=b8), 0),
        c(T(4, dtype=bf16, gen=CLAMP_GEN), 0.5), c(T(3, dtype=f64), T(3, dtype=f64)),
        c(T(3, 4, gen=CLAMP_GEN), 0.5).method(), c(T(3, 4, gen=CLAMP_GEN), 0.0).inplace(),
        c(T(3), 0.5).out(T(3)), c(T(3), 0.5).out(T(3, dtype=f64)).raises(), c(T(3), T(4)).raises(),
    ]


op("clamp_min", clamp_one("clamp_min"), family="unary")
op("clamp_max", clamp_one("clamp_max"), family="unary")

# ============================== pointwise binary ==============================


def binary(*, gen=FLOAT_GEN, gen2=None, int_gen=U(-9, 10), int_gen2=None, scalar=2.5, int_ok=True,
           bool_ok=True, f16_ok=True, out=True, inplace=True, cmp=False):
    """Samples for a broadcasting two-tensor op. cmp: results are bool (comparisons)."""
    g2 = gen2 or gen
    ig2 = int_gen2 or int_gen
    s = [
        c(T(3, 4, gen=gen), T(3, 4, gen=g2)), c(T(3, 1, gen=gen), T(1, 4, gen=g2)),
        c(T(2, 3, 4, gen=gen), T(4, gen=g2)), c(T(4, gen=gen), T(2, 3, 1, gen=g2)),
        c(T(4, 3, gen=gen, layout="transposed"), T(4, 3, gen=g2, layout="strided")),
        c(T(3, 2, gen=gen, layout="offset"), T(3, 2, gen=g2, layout="expanded")),
        c(T(gen=gen), T(2, 3, gen=g2)), c(T(gen=gen), T(gen=g2)), c(T(0, 3, gen=gen), T(3, gen=g2)),
        c(T(2, 0, gen=gen), T(1, gen=g2)), c(T(3, dtype=f64, gen=gen), T(3, dtype=f64, gen=g2)),
        c(T(3, dtype=bf16, gen=gen), T(3, dtype=bf16, gen=g2)),
        c(T(3, dtype=i64, gen=int_gen), T(3, gen=g2)), c(T(3, gen=gen), T(3, dtype=i32, gen=ig2)),
        c(T(3, dtype=f16, gen=gen), T(3, gen=g2)), c(T(3, dtype=bf16, gen=gen), T(3, dtype=f16, gen=g2)),
        c(T(3, gen=gen), T(dtype=f64, gen=g2)), c(T(3, dtype=i64, gen=int_gen), T(dtype=f64, gen=g2)),
        c(T(3, 4, gen=gen), T(3, 4, gen=g2)).method(), c(T(3, gen=gen), T(4, gen=g2)).raises(),
    ]
    if inplace:
        s += [c(T(2, 3, gen=gen), T(3, gen=g2)).inplace(),
              c(T(3, 2, gen=gen, layout="transposed"), T(2, gen=g2)).inplace(),
              c(T(3, gen=gen), T(2, 3, gen=g2)).inplace().raises()]
    if scalar is not None:  # the Scalar overloads
        s += [c(T(3, dtype=f64, gen=gen), scalar), c(T(3, dtype=f16, gen=gen), scalar)]
    half = c(T(3, dtype=f16, gen=gen), T(3, dtype=f16, gen=g2))
    s.append(half if f16_ok else half.raises())
    if int_ok:
        s += [c(T(2, 3, dtype=i64, gen=int_gen), T(2, 3, dtype=i64, gen=ig2)),
              c(T(3, dtype=i32, gen=int_gen), T(3, dtype=i64, gen=ig2)),
              c(T(4, dtype=u8, gen=U(1, 20)), T(4, dtype=i8, gen=ig2)),
              c(T(3, dtype=i16, gen=int_gen), T(3, dtype=u8, gen=U(1, 20))),
              c(T(3, dtype=u8, gen=U(1, 20)), T(dtype=i64, gen=ig2))]
        if scalar is not None:
            s += [c(T(3, dtype=i64, gen=int_gen), scalar), c(T(3, dtype=i32, gen=int_gen), 3)]
        if not cmp and inplace:
            s.append(c(T(3, dtype=i64, gen=int_gen), T(3, gen=g2)).inplace().raises())
    if bool_ok:
        s += [c(T(4, dtype=b8), T(4, dtype=b8)), c(T(4, dtype=b8), T(4, dtype=i32, gen=ig2))]
    if out:
        s += [c(T(2, 3, gen=gen), T(3, gen=g2)).out(T(2, 3)), c(T(2, 3, gen=gen), T(3, gen=g2)).out(T(0)),
              c(T(3, gen=gen), T(3, gen=g2)).out(T(3, dtype=f64))]
        if not cmp:
            s.append(c(T(3, gen=gen), T(3, gen=g2)).out(T(3, dtype=i64)).raises())
    return s


NONZERO = V(1.5, -2.0, 0.75, 3.0, -0.5, 2.25, -4.0)
INT_NONZERO = V(3, -2, 5, -7, 1, 4)

op("add", binary() + [
    c(T(3), T(3), alpha=2), c(T(3, dtype=i64), T(3, dtype=i64), alpha=-3), c(T(3), 2, alpha=0.5),
    c(T(3), T(3), alpha=0.5).inplace(), c(T(3, dtype=i64), T(3, dtype=i64), alpha=0.5).raises(),
    c(T(3), T(3), alpha=2).out(T(3)),
], family="binary")
op("sub", binary(bool_ok=False) + [
    c(T(3), T(3), alpha=2), c(T(3, dtype=i64), 1, alpha=5), c(T(3, dtype=b8), T(3, dtype=b8)).raises(),
    c(T(3, dtype=b8), T(3, dtype=i64)).raises(),
], family="binary")
op("mul", binary() + [c(T(3, dtype=b8), True), c(T(3, dtype=b8), 2.5)], family="binary")
op("div", binary(gen2=NONZERO, int_gen2=INT_NONZERO) + [
    c(T(3, 4, gen=U(-9.0, 9.0)), T(4, gen=NONZERO), rounding_mode="trunc"),
    c(T(3, 4, gen=U(-9.0, 9.0)), T(4, gen=NONZERO), rounding_mode="floor"),
    c(T(6, dtype=i64, gen=U(-20, 20)), T(6, dtype=i64, gen=INT_NONZERO), rounding_mode="trunc"),
    c(T(6, dtype=i64, gen=U(-20, 20)), T(6, dtype=i64, gen=INT_NONZERO), rounding_mode="floor"),
    c(T(6, dtype=i64, gen=U(-20, 20)), 3, rounding_mode="floor"),
    c(T(4, gen=V(1.0, -1.0, 0.0, NAN)), T(4, gen=V(0.0))), c(T(4, dtype=i64), T(4, dtype=i64, gen=V(0))),
    c(T(3, dtype=i64), T(3, dtype=i64, gen=V(0)), rounding_mode="trunc").raises(),
    c(T(3, dtype=i64), 0, rounding_mode="floor").raises(),
    c(T(3), T(3), rounding_mode="round").raises(),
    c(T(3, dtype=i64), T(3, dtype=i64, gen=INT_NONZERO), rounding_mode="floor").inplace(),
    c(T(3, dtype=i64), T(3, dtype=i64, gen=INT_NONZERO)).inplace().raises(),
    c(T(3), T(3, gen=NONZERO), rounding_mode="trunc").out(T(3)),
], family="binary")

POW_BASE = U(0.1, 3.0)
op("pow", binary(gen=POW_BASE, gen2=U(-2.0, 2.0), int_gen=U(0, 6), int_gen2=U(0, 4), bool_ok=False) + [
    c(T(4, dtype=b8), T(4, dtype=b8)).raises(), c(T(4, dtype=b8), T(4, dtype=i32, gen=U(0, 3))),
    c(T(3, 4), 2), c(T(3, 4, gen=POW_BASE), 0.5), c(T(3, 4, gen=POW_BASE), -1), c(T(4, dtype=i64), 3),
    c(T(4, dtype=i64), 0), c(T(4, dtype=i64, gen=U(1, 4)), 2.5), c(T(4, dtype=b8), 2),
    c(2, T(4, dtype=i64, gen=U(0, 5))), c(2.5, T(3, 4)), c(0.5, T(3, dtype=i64, gen=U(-3, 3))),
    c(T(4, dtype=i64, gen=U(-3, 3)), T(4, dtype=i64, gen=U(0, 4))),
    c(T(5, gen=V(-2.0, 0.0, NAN, INF, -0.5)), T(5, gen=V(0.5, 0.0, 0.0, -1.0, 3.0))),
    c(T(4, dtype=i64), -1).raises(),
    c(T(6, dtype=i64, gen=V(1, -1, 2, -3, 0, 5)), T(6, dtype=i64, gen=V(-1, -2))),
    c(T(3, 4), 3).method(), c(T(3, 4), 2).inplace(), c(T(3, dtype=i64), 2.0).inplace().raises(),
    c(T(3), 2).out(T(3)),
], family="binary")


def minmax_binary():  # no Scalar overloads in PyTorch
    return binary(scalar=None, inplace=False) + [
        c(T(6, gen=V(NAN, 1.0, -INF, 2.0, NAN, 0.0)), T(6, gen=V(1.0, NAN, 3.0, INF, NAN, -0.0))),
        c(T(3, dtype=i64), T(3, dtype=u8)), c(T(3, dtype=b8), T(3, dtype=b8)),
    ]


op("maximum", minmax_binary(), family="binary")
op("minimum", minmax_binary(), family="binary")

CMP_GEN = U(-3, 3)  # small integers, so that equal values occur
for _name in ("eq", "ne", "lt", "le", "gt", "ge"):
    op(_name, binary(gen=V(-1.0, 0.5, 2.0, 0.5, -1.0, 3.0, 2.0), gen2=V(0.5, 0.5, -1.0, 2.0),
                     int_gen=CMP_GEN, scalar=0.5, cmp=True) + [
        c(T(6, gen=V(NAN, 1.0, INF, -INF, 0.0, -0.0)), T(6, gen=V(NAN, NAN, INF, INF, -0.0, 0.0))),
        c(T(4, dtype=i64, gen=CMP_GEN), 1), c(T(4, dtype=u8, gen=U(0, 3)), -1), c(T(3, dtype=b8), True),
        c(T(2, 3), T(3)).out(T(2, 3, dtype=b8)), c(T(3), T(3)).out(T(3, dtype=i32)),
        c(T(3, dtype=i64, gen=CMP_GEN), 1.5).inplace(),
    ], family="compare")

op("where", [
    c(M(3, 4), T(3, 4), T(3, 4)), c(M(3, 1), T(1, 4), T(3, 1)), c(M(4), T(2, 4), T()),
    c(M(3, 4, layout="transposed"), T(3, 4, layout="strided"), T(4)), c(M(3), T(3), 0.0),
    c(M(3), 1.0, T(3)), c(M(3), T(3, dtype=i64), T(3)), c(M(3), T(3, dtype=f64), T(3, dtype=f16)),
    c(M(3), T(3, dtype=i64), 2.5), c(M(), T(), T()), c(M(0, 3), T(0, 3), T(3)),
    c(M(4), T(4, dtype=b8), T(4, dtype=b8)), c(M(4), T(4, dtype=bf16), T(4, dtype=bf16)),
    c(T(3, dtype=u8, gen=U(0, 2)), T(3), T(3)), c(M(3), T(3), T(3)).out(T(3)),
    c(T(3), T(3), T(3)).raises(), c(M(3), T(4), T(3)).raises(),
], family="binary")

REM_GEN = U(-9.0, 9.0)
for _name in ("remainder", "floor_divide"):
    op(_name, binary(gen=REM_GEN, gen2=NONZERO, int_gen=U(-20, 20), int_gen2=INT_NONZERO, bool_ok=False,
                     scalar=2.5) + [
        c(T(6, gen=V(5.0, -5.0, 5.0, -5.0, 0.0, -0.0)), T(6, gen=V(3.0, 3.0, -3.0, -3.0, 2.0, 2.0))),
        c(T(6, dtype=i64, gen=V(5, -5, 5, -5, 0, 7)), T(6, dtype=i64, gen=V(3, 3, -3, -3, 2, -7))),
        c(T(4, gen=V(1.0, -1.0, 0.0, NAN)), 0.0), c(T(3, dtype=i64), T(3, dtype=i64, gen=V(0))).raises(),
        c(T(3, dtype=i64), 0).raises(), c(T(3, dtype=b8), T(3, dtype=b8)).raises(),
        c(T(3, dtype=i64, gen=U(-20, 20)), -3), c(T(3, dtype=i64, gen=U(-20, 20)), 2).inplace(),
    ], family="binary")

op("logical_and", binary(gen=V(0.0, 1.5, -2.0, 0.0, NAN), gen2=V(1.0, 0.0, 3.0), int_gen=U(-1, 2),
                         cmp=True, scalar=None) + [c(T(3, dtype=i64, gen=U(-1, 2)), T(3)).inplace()],
   family="binary")
op("logical_or", binary(gen=V(0.0, 1.5, -2.0, 0.0, NAN), gen2=V(0.0, 0.0, 3.0), int_gen=U(-1, 2),
                        cmp=True, scalar=None) + [c(T(3, dtype=i64, gen=U(-1, 2)), T(3)).inplace()],
   family="binary")

op("masked_fill", [
    c(T(3, 4), M(3, 4), 0.5), c(T(3, 4), M(4), -1.0), c(T(3, 4), M(3, 1), 2), c(T(3, 4), M(3, 4), T()),
    c(T(4, 3, layout="transposed"), M(4, 3, layout="strided"), 9.0), c(T(2, 3, dtype=i64), M(2, 3), 2.5),
    c(T(2, 3, dtype=i64), M(3), 7), c(T(3, dtype=b8), M(3), True), c(T(), M(), 1.0), c(T(0, 3), M(3), 1.0),
    c(T(4, dtype=f16), M(4), 1.5), c(T(4, dtype=bf16), M(4), 1.5), c(T(4, dtype=f64), M(4), NAN),
    c(T(3), T(3, dtype=u8, gen=U(0, 2)), 1.0), c(T(3, 4), M(3, 4), T(dtype=f64)),
    c(T(3, 4), M(3, 4), 0.5).method(), c(T(3, 4), M(4), -1.0).inplace(),
    c(T(4), M(3, 4), 0.0).inplace().raises(), c(T(3), T(3, dtype=u8, gen=V(1, 0, 2)), 1.0).raises(),
    c(T(3), M(3), T(1)).raises(),
    c(T(3), M(4), 1.0).raises(),
], family="binary")

# ============================== reductions ==============================


def reduce(*, multi=True, ints="int64", bools="int64", f16_ok=True, bf16_ok=True, gen=FLOAT_GEN,
           out=True, method=True, dim_default=True, empty_ok=True):
    """Samples for a dim reduction (sum-like signature: dim, keepdim). multi: dim takes a list.
    ints/bools: result dtype for integer/bool inputs, or None when PyTorch rejects them."""
    s = [
        c(T(3, 4, gen=gen), 0), c(T(3, 4, gen=gen), 1), c(T(3, 4, gen=gen), -1),
        c(T(3, 4, gen=gen), -2, True), c(T(2, 3, 4, gen=gen), 1, keepdim=True), c(T(2, 3, 4, gen=gen), 2),
        c(T(4, 3, gen=gen, layout="transposed"), 1), c(T(4, 3, gen=gen, layout="transposed"), 0),
        c(T(2, 5, gen=gen, layout="strided"), 0), c(T(3, 4, gen=gen, layout="expanded"), 0),
        c(T(3, 4, gen=gen, layout="offset"), 1), c(T(0, 3, gen=gen), 1), c(T(gen=gen), 0),
        c(T(gen=gen), -1, True), c(T(3, 4, dtype=f64, gen=gen), 1), c(T(3, 4), 2).raises(),
        c(T(), 1).raises(), c(T(40, 3, gen=gen), 0), c(T(3, 50, gen=gen), 1, True),
    ]
    if dim_default:
        s += [c(T(3, 4, gen=gen)), c(T(gen=gen)), c(T(2, 3, 4, gen=gen, layout="transposed"))]
        if empty_ok:
            s += [c(T(0, 3, gen=gen))]
    if empty_ok:
        s += [c(T(0, 3, gen=gen), 0)]
    if multi:
        s += [c(T(2, 3, 4, gen=gen), [0, 2]), c(T(2, 3, 4, gen=gen), [-1, 0], True),
              c(T(2, 3, 4, gen=gen), [0, 1, 2]), c(T(3, 4, gen=gen), [0, 0]).raises(),
              c(T(3, 4, gen=gen, layout="transposed"), [1, 0])]
    for dt, want in (("int64", ints), ("int32", ints), ("uint8", ints), ("bool", bools)):
        x = c(T(3, 4, dtype=dt, gen=None if dt == "bool" else U(0, 9)), 1)
        s.append(x if want else x.raises())
    for dt, ok in (("float16", f16_ok), ("bfloat16", bf16_ok)):
        if ok is None:  # PyTorch's answer differs between machines: no sample
            continue
        x = c(T(4, 5, dtype=dt, gen=gen), 1)
        s.append(x if ok else x.raises())
    if method:
        s.append(c(T(3, 4, gen=gen), 1).method())
    if out:
        s += [c(T(3, 4, gen=gen), 1).out(T(3)), c(T(3, 4, gen=gen), 1).out(T(0))]
    return s


op("sum", reduce() + [
    c(T(3, 4), []), c(T(3, 4), dtype=f64), c(T(3, 4, dtype=i64), 1, dtype=f32), c(T(5, dtype=i32)),
    c(T(5, dtype=b8)), c(T(4, dtype=f16)), c(T(1000, gen=U(0.0, 1.0))), c(T(3, 4), 1, True, dtype=f64),
    c(T(4, gen=V(1.0, NAN, 2.0, INF))), c(T(3, dtype=i64), dtype=b8),
], family="reduce")
op("mean", reduce(ints=None, bools=None) + [
    c(T(3, 4), []), c(T(3, 4), dtype=f64), c(T(3, 4, dtype=i64), 1, dtype=f32),
    c(T(3, 4, dtype=i64), dtype=f64),
    c(T(0)), c(T(1000, gen=U(0.0, 1.0))), c(T(4, dtype=i64)).raises(), c(T(4, dtype=f16)),
], family="reduce")
op("prod", reduce(multi=False, bf16_ok=None, f16_ok=False, gen=U(0.5, 1.5)) + [
    c(T(3, 4), dtype=f64), c(T(3, 4, dtype=i64, gen=U(-3, 4)), 1, dtype=f64), c(T(4, dtype=i64, gen=U(1, 5))),
    c(T(4, dtype=b8)), c(T(0)), c(T(4, gen=V(2.0, NAN, 0.0, INF))),
], family="reduce")


def std_var():
    g = U(-2.0, 2.0)
    return [
        c(T(3, 4, gen=g)), c(T(3, 4, gen=g), 1), c(T(3, 4, gen=g), 0), c(T(3, 4, gen=g), -1, False),
        c(T(3, 4, gen=g), [0, 1]), c(T(2, 3, 4, gen=g), [0, 2], True, True),
        c(T(3, 4, gen=g), 1, keepdim=True),
        c(T(3, 4, gen=g), False), c(T(3, 4, gen=g), 1, correction=0), c(T(3, 4, gen=g), 1, correction=2),
        c(T(3, 4, gen=g), None, correction=1), c(T(4, 3, gen=g, layout="transposed"), 1),
        c(T(2, 5, gen=g, layout="strided"), 0), c(T(3, 4, dtype=f64, gen=g), 1), c(T(1, gen=g)),
        c(T(1, 3, gen=g), 0), c(T(0, 3), 1), c(T(0, 3)), c(T(gen=g)), c(T(gen=g), 0, False),
        c(T(5, dtype=bf16, gen=g)), c(T(5, dtype=f16, gen=g)), c(T(200, gen=U(10.0, 11.0))),
        c(T(3, dtype=i64)).raises(), c(T(3, dtype=b8), 0).raises(), c(T(3, 4), 2).raises(),
        c(T(3, 4, gen=g), 1).method(), c(T(3, 4, gen=g), 1).out(T(3)),
    ]


op("std", std_var(), family="reduce")
op("var", std_var(), family="reduce")

ARG_GEN = V(1.0, 3.0, -2.0, 3.0, 0.5, -2.0, 7.0, 7.0, 0.0, -1.0, 2.0, 2.0)  # ties


def maxmin():
    return [
        c(T(3, 4, gen=ARG_GEN)), c(T(3, 4, gen=ARG_GEN), 1), c(T(3, 4, gen=ARG_GEN), 0),
        c(T(3, 4, gen=ARG_GEN), -1, True), c(T(2, 3, 4), 1, keepdim=True),
        c(T(4, 3, gen=ARG_GEN, layout="transposed"), 1), c(T(2, 5, layout="strided"), 0),
        c(T(2, 6, gen=V(1.0, NAN, 3.0, -INF, 2.0, NAN)), 1), c(T(6, gen=V(1.0, NAN, 3.0, INF))),
        c(T(3, 4, dtype=i64), 1), c(T(3, 4, dtype=u8, gen=U(0, 20))), c(T(3, 4, dtype=b8), 0),
        c(T(3, 4, dtype=b8)), c(T(4, 5, dtype=f16), 1), c(T(4, 5, dtype=bf16)), c(T(3, 4, dtype=f64), 0),
        c(T()), c(T(), 0), c(T(0, 3), 1), c(T(0, 3)).raises(), c(T(0, 3), 0).raises(),
        c(T(3, 4), 2).raises(), c(T(3), T(3)), c(T(3, 1), T(4)), c(T(3, dtype=i64), T(3)),
        c(T(3, 4, gen=ARG_GEN), 1).method(), c(T(3, 4, gen=ARG_GEN)).method(),
    ]


op("max", maxmin(), family="reduce")
op("min", maxmin(), family="reduce")


def argmaxmin():
    return [
        c(T(3, 4, gen=ARG_GEN)), c(T(3, 4, gen=ARG_GEN), 1), c(T(3, 4, gen=ARG_GEN), 0),
        c(T(3, 4, gen=ARG_GEN), -1, True), c(T(3, 4, gen=ARG_GEN), keepdim=True),
        c(T(4, 3, gen=ARG_GEN, layout="transposed"), 1), c(T(2, 5, layout="strided"), 0),
        c(T(2, 6, gen=V(1.0, NAN, 3.0, -INF, 2.0, NAN)), 1), c(T(6, gen=V(1.0, NAN, 3.0, INF))),
        c(T(3, 4, dtype=i64, gen=U(-3, 3)), 1), c(T(3, 4, dtype=u8, gen=U(0, 4))), c(T(4, 5, dtype=f16), 1),
        c(T(4, 5, dtype=bf16)), c(T(3, 4, dtype=f64), 0), c(T()), c(T(), 0), c(T(0, 3), 1),
        c(T(3, 4, dtype=b8)).raises(), c(T(0, 3)).raises(), c(T(0, 3), 0).raises(), c(T(3, 4), 2).raises(),
        c(T(3, 4, gen=ARG_GEN), 1).method(), c(T(3, 4, gen=ARG_GEN), 1).out(T(0, dtype=i64)),
    ]


op("argmax", argmaxmin(), family="reduce")
op("argmin", argmaxmin(), family="reduce")


def amaxmin():
    return reduce(ints="same", bools="same", empty_ok=False, dim_default=False) + [
        c(T(3, 4, gen=ARG_GEN)), c(T(3, 4, gen=ARG_GEN), []),
        c(T(2, 6, gen=V(1.0, NAN, 3.0, -INF, 2.0, NAN)), 1),
        c(T(0, 3), 0).raises(), c(T(0, 3)).raises(), c(T(3, 4, dtype=f64), [0, 1], True),
    ]


op("amax", amaxmin(), family="reduce")
op("amin", amaxmin(), family="reduce")


def allany(fill):
    return [
        c(M(3, 4)), c(M(3, 4), 1), c(M(3, 4), 0), c(M(3, 4), -1, True), c(M(2, 3, 4), 1, keepdim=True),
        c(M(4, 3, layout="transposed"), 1), c(M(2, 5, layout="strided"), 0),
        c(T(3, 4, dtype=b8, gen=V(fill))),
        c(T(3, 4, gen=V(0.0, 1.5, NAN, -0.0))), c(T(3, 4, gen=V(0.0, 1.5, NAN, -0.0)), 1),
        c(T(3, 4, dtype=i64, gen=U(-1, 2)), 0), c(T(3, 4, dtype=u8, gen=U(0, 2))),
        c(T(3, 4, dtype=u8, gen=U(0, 2)), 1),
        c(T(4, dtype=f16, gen=V(0.0, 2.0))), c(M()), c(M(), 0), c(M(0, 3)), c(M(0, 3), 0), c(M(0, 3), 1),
        c(M(3, 4), 2).raises(), c(M(3, 4), 1).method(), c(M(3, 4)).method(),
        c(M(3, 4), 1).out(T(0, dtype=b8)),
    ]


op("all", allany(True), family="reduce")
op("any", allany(False), family="reduce")

# ============================== linear algebra ==============================

MAT = U(-1.0, 1.0)
MM_TOL = {"float32": (1e-5, 1e-5), "float64": (1e-7, 1e-7)}  # BLAS summation order differs

op("mm", [
    c(T(2, 3), T(3, 4)), c(T(5, 7), T(7, 6)), c(T(2, 3, layout="transposed"), T(3, 4, layout="transposed")),
    c(T(3, 4, layout="strided"), T(4, 2, layout="offset")), c(T(4, 3, dtype=f64), T(3, 5, dtype=f64)),
    c(T(2, 3, dtype=i64), T(3, 2, dtype=i64)), c(T(2, 3, dtype=i32), T(3, 2, dtype=i32)),
    c(T(2, 3, dtype=bf16), T(3, 2, dtype=bf16)), c(T(1, 3), T(3, 1)), c(T(0, 3), T(3, 4)),
    c(T(2, 0), T(0, 3)), c(T(3, 1, layout="expanded"), T(1, 3)), c(T(33, 17), T(17, 9)),
    c(T(2, 3, dtype=f16), T(3, 2, dtype=f16)).raises(), c(T(2, 3), T(4, 5)).raises(),
    c(T(2, 3), T(3, 4, dtype=f64)).raises(), c(T(3), T(3, 4)).raises(), c(T(2, 3), T(3)).raises(),
    c(T(2, 3), T(3, 4)).method(), c(T(2, 3), T(3, 4)).out(T(2, 4)), c(T(2, 3), T(3, 4)).out(T(0)),
    c(M(2, 3), M(3, 2)).raises(), c(T(), T(3, 4)).raises(),
], tol=MM_TOL, family="linalg")

op("matmul", [
    c(T(3), T(3)), c(T(2, 3), T(3)), c(T(3), T(3, 4)), c(T(2, 3), T(3, 4)), c(T(2, 2, 3), T(2, 3, 4)),
    c(T(2, 2, 3), T(3, 4)), c(T(2, 3), T(5, 3, 4)), c(T(2, 1, 3, 4), T(5, 4, 2)), c(T(3), T(2, 3, 4)),
    c(T(2, 3, 4), T(4)), c(T(2, 3, 4, layout="transposed"), T(2, 4, 3, layout="transposed")),
    c(T(3, 4, dtype=f64), T(4, dtype=f64)), c(T(2, 3, dtype=i64), T(3, 2, dtype=i64)),
    c(T(0, 3), T(3, 2)), c(T(2, 0, 3), T(3, 4)), c(T(2, 3, 0), T(0, 4)),
    c(T(), T(3)).raises(), c(T(2, 3), T(4)).raises(), c(T(2, 2, 3), T(3, 2, 4)).raises(),
    c(T(3), T(4)).raises(), c(T(2, 3), T(3, dtype=f64)).raises(),
    c(T(2, 3), T(3, 4)).method(), c(T(2, 3), T(3, 4)).out(T(2, 4)), c(M(2, 3), M(3)).raises(),
], tol=MM_TOL, family="linalg")

op("bmm", [
    c(T(2, 3, 4), T(2, 4, 5)), c(T(2, 3, 4, layout="transposed"), T(2, 4, 5)),
    c(T(2, 3, 4, layout="expanded"), T(2, 4, 2)), c(T(3, 2, 3, dtype=f64), T(3, 3, 2, dtype=f64)),
    c(T(2, 2, 3, dtype=i64), T(2, 3, 2, dtype=i64)), c(T(0, 2, 3), T(0, 3, 4)), c(T(2, 0, 3), T(2, 3, 4)),
    c(T(2, 3, 4), T(3, 4, 5)).raises(), c(T(2, 3, 4), T(2, 5, 5)).raises(), c(T(3, 4), T(4, 5)).raises(),
    c(T(2, 3, 4), T(2, 4, 5, dtype=f64)).raises(), c(T(2, 3, 4), T(2, 4, 5)).method(),
    c(T(2, 3, 4), T(2, 4, 5)).out(T(0)), c(M(1, 2, 3), M(1, 3, 2)).raises(), c(T(), T(2, 4, 5)).raises(),
], tol=MM_TOL, family="linalg")

op("mv", [
    c(T(2, 3), T(3)), c(T(2, 3, layout="transposed"), T(3, layout="strided")),
    c(T(4, 3, dtype=f64), T(3, dtype=f64)),
    c(T(2, 3, dtype=i64), T(3, dtype=i64)), c(T(0, 3), T(3)), c(T(2, 0), T(0)), c(T(2, 3), T(4)).raises(),
    c(T(3), T(3)).raises(), c(T(2, 3), T(3, dtype=f64)).raises(), c(T(2, 3), T(3)).method(),
    c(T(2, 3), T(3)).out(T(2)), c(M(2, 3), M(3)).raises(), c(T(2, 3), T()).raises(),
], tol=MM_TOL, family="linalg")

op("dot", [
    c(T(3), T(3)), c(T(5, layout="strided"), T(5, layout="offset")), c(T(4, dtype=f64), T(4, dtype=f64)),
    c(T(4, dtype=i64), T(4, dtype=i64)), c(T(0), T(0)), c(T(100, gen=MAT), T(100, gen=MAT)),
    c(T(3), T(4)).raises(), c(T(2, 3), T(2, 3)).raises(), c(T(3), T(3, dtype=f64)).raises(),
    c(T(), T()).raises(), c(T(3), T(3)).method(), c(T(3), T(3)).out(T(0)), c(M(3), M(3)).raises(),
], tol=MM_TOL, family="linalg")

op("addmm", [
    c(T(2, 4), T(2, 3), T(3, 4)), c(T(4), T(2, 3), T(3, 4)), c(T(2, 1), T(2, 3), T(3, 4)),
    c(T(), T(2, 3), T(3, 4)),
    c(T(2, 4), T(2, 3), T(3, 4), beta=0.5, alpha=2), c(T(2, 4, gen=V(NAN)), T(2, 3), T(3, 4), beta=0),
    c(T(2, 4, layout="transposed"), T(2, 3, layout="transposed"), T(3, 4)),
    c(T(2, 4, dtype=f64), T(2, 3, dtype=f64), T(3, 4, dtype=f64), beta=2),
    c(T(2, 2, dtype=i64), T(2, 3, dtype=i64), T(3, 2, dtype=i64), beta=2, alpha=3),
    c(T(0, 4), T(0, 3), T(3, 4)),
    c(T(2, 4), T(2, 0), T(0, 4)), c(T(2, 4), T(2, 3), T(4, 4)).raises(),
    c(T(3, 4), T(2, 3), T(3, 4)).raises(),
    c(T(2, 4, dtype=f64), T(2, 3), T(3, 4)).raises(), c(T(2, 4), T(2, 3), T(3, 4)).method(),
    c(T(2, 4), T(2, 3), T(3, 4)).inplace(), c(T(2, 4), T(2, 3), T(3, 4), alpha=0.5).out(T(2, 4)),
    c(M(2, 2), M(2, 3), M(3, 2)).raises(), c(T(4), T(2, 3), T(3, 4)).inplace().raises(),
], tol=MM_TOL, family="linalg")

op("t", [
    c(T(2, 3)), c(T(3)), c(T()), c(T(3, 2, layout="transposed")), c(T(0, 4)), c(T(2, 5, layout="strided")),
    c(T(2, 3, dtype=i64)), c(M(2, 3)), c(T(2, 3, 4)).raises(), c(T(2, 3)).method(),
], views=True, family="linalg")

# ============================== shape and views ==============================
# views=True: strides, storage offset and storage sharing must match PyTorch's too.

op("view", [
    c(T(2, 6), [3, 4]), c(T(2, 6), [-1]), c(T(2, 6), [4, -1]), c(T(2, 6), [2, 1, 6]), c(T(), [1]),
    c(T(1), []),
    c(T(0, 3), [3, 0]), c(T(0, 3), [-1, 3]), c(T(3, 4, layout="transposed"), [3, 2, 2]),
    c(T(2, 3, 4, layout="transposed"), [4, 6]).raises(), c(T(4, 6, layout="offset"), [2, 2, 6]),
    c(T(3, 4, layout="expanded"), [3, 2, 2]), c(T(2, 6, dtype=i64), [12]),
    c(T(3, 4, layout="transposed"), [12]).raises(), c(T(2, 6), [5, -1]).raises(),
    c(T(2, 6), [-1, -1]).raises(),
    c(T(2, 6), [5]).raises(), c(T(0, 3), [-1, 0]).raises(), c(M(2, 2), [4]),
], form="method", views=True, family="shape")

op("reshape", [
    c(T(2, 6), [3, 4]), c(T(2, 6), [-1]), c(T(2, 6), [4, -1]), c(T(), [1]), c(T(1, 1), []),
    c(T(0, 3), [3, 0]),
    c(T(3, 4, layout="transposed"), [12]), c(T(3, 4, layout="transposed"), [4, 3]),
    c(T(3, 4, layout="expanded"), [12]), c(T(2, 5, layout="strided"), [5, 2]),
    c(T(2, 3, 4, layout="transposed"), [4, 6]),
    c(T(2, 6), [5, -1]).raises(), c(T(2, 6), [-1, -1]).raises(), c(T(2, 6), [-1, 5]).method().raises(),
    c(T(2, 6), [3, 4]).method(), c(T(2, 3, dtype=i64), [3, 2]), c(M(2, 3, layout="transposed"), [6]),
], views=True, family="shape")

op("flatten", [
    c(T(2, 3, 4)), c(T(2, 3, 4), 1), c(T(2, 3, 4), 0, 1), c(T(2, 3, 4), -2, -1), c(T()), c(T(3)),
    c(T(2, 3, 4, layout="transposed")), c(T(3, 4, layout="transposed"), 1),
    c(T(2, 3, 4, layout="transposed"), 0, 0),
    c(T(2, 0, 3), 1), c(T(2, 3, 2, dtype=i32), 1), c(M(2, 2)), c(T(2, 3), 1, 0).raises(),
    c(T(2, 3), 3).raises(), c(T(2, 3, 4), 1).method(),
], views=True, family="shape")

op("squeeze", [
    c(T(1, 3, 1)), c(T(1, 3, 1), 0), c(T(1, 3, 1), -1), c(T(1, 3, 1), 1), c(T()), c(T(), 0), c(T(1)),
    c(T(1, 1, 3, layout="transposed")), c(T(1, 0, 1)), c(T(1, 3, dtype=i64)), c(M(2, 1), 1),
    c(T(2, 3), 2).raises(), c(T(1, 3), 1).method(),
], views=True, family="shape")

op("unsqueeze", [
    c(T(2, 3), 0), c(T(2, 3), 2), c(T(2, 3), -1), c(T(2, 3), -3), c(T(), 0), c(T(), -1),
    c(T(3, 4, layout="transposed"), 1), c(T(2, 5, layout="strided"), 2), c(T(0, 3), 1), c(T(2, dtype=u8), 0),
    c(M(2), 1),
    c(T(2, 3), 3).raises(), c(T(2, 3), -4).raises(), c(T(2, 3), 1).method(),
], views=True, family="shape")

op("permute", [
    c(T(2, 3, 4), [2, 0, 1]), c(T(2, 3, 4), [-1, 0, 1]), c(T(2, 3), [1, 0]), c(T(), []),
    c(T(2, 3, 4, layout="transposed"), [1, 2, 0]), c(T(2, 0, 3), [2, 1, 0]), c(T(2, 3, dtype=i8), [1, 0]),
    c(M(2, 3), [1, 0]), c(T(2, 3), [0]).raises(),
    c(T(2, 3), [0, 0]).raises(), c(T(2, 3), [0, 2]).raises(), c(T(2, 3, 4), [2, 0, 1]).method(),
], views=True, family="shape")

op("transpose", [
    c(T(2, 3, 4), 0, 2), c(T(2, 3), -1, -2), c(T(2, 3), 0, 0), c(T(), 0, -1), c(T(3), 0, 0),
    c(T(2, 3, 4, layout="transposed"), 1, 2), c(T(0, 3), 0, 1), c(T(2, 3, dtype=i16), 0, 1), c(M(2, 3), 1, 0),
    c(T(2, 3), 0, 2).raises(),
    c(T(2, 3, 4), 1, 2).method(),
], views=True, family="shape")

op("expand", [
    c(T(3, 1), [3, 4]), c(T(3, 1), [2, 3, 4]), c(T(3, 1), [-1, 4]), c(T(), [2, 2]), c(T(3), [2, -1]),
    c(T(1, 3, layout="transposed"), [2, 2, 3]), c(T(3, 1), [3, 0]), c(T(1), [0]), c(T(1, dtype=i64), [3]),
    c(M(2, 1), [2, 2]), c(T(3), [4]).raises(),
    c(T(2, 3), [3]).raises(), c(T(3), [-1, 3]).raises(),
], form="method", views=True, family="shape")

op("expand_as", [
    c(T(3, 1), T(3, 4)), c(T(), T(2, 2)), c(T(4), T(2, 3, 4, dtype=i64)), c(T(3), T(4)).raises(),
    c(T(1, 3, layout="transposed"), T(2, 3)), c(M(1), T(0)),
], form="method", views=True, family="shape")

op("contiguous", [
    c(T(3, 4)), c(T(3, 4, layout="transposed")), c(T(3, 5, layout="strided")), c(T(3, 4, layout="expanded")),
    c(T(3, 4, layout="offset")), c(T()), c(T(0, 3)), c(T(3, 4, dtype=i64, layout="transposed")),
    c(T(3, 4, dtype=b8, layout="transposed")), c(T(1, 4, layout="transposed")),
], form="method", views=True, family="shape")

op("cat", [
    c([T(2, 3), T(4, 3)]), c([T(2, 3), T(2, 4)], 1), c([T(2, 3), T(2, 2), T(2, 1)], -1), c([T(3)]),
    c([T(2, dtype=i64), T(3)]), c([T(2, dtype=i32), T(2, dtype=u8)]), c([T(2, dtype=b8), T(2, dtype=b8)]),
    c([T(2, dtype=f16), T(2, dtype=bf16)]), c([T(0), T(2, 3)]), c([T(2, 3), T(0)]), c([T(0, 3), T(2, 3)]),
    c([T(2, 3, layout="transposed"), T(1, 3)]),
    c([T(3, 2, layout="transposed"), T(3, 2, layout="transposed")], 1),
    c([T(2, 5, layout="strided"), T(2, 2, layout="expanded")], 1), c([T(2, 3), T(2, 3)], dim=0),
    c([T(), T()]).raises(), c([]).raises(), c([T(2, 3), T(2, 4)]).raises(), c([T(2, 3), T(2, 3)], 2).raises(),
    c([T(2, 3), T(3)]).raises(), c([T(2, 3), T(1, 3)]).out(T(3, 3)), c([T(2), T(2)]).out(T(0, dtype=f64)),
    c([T(2), T(2, dtype=f64)]).out(T(4, dtype=i64)).raises(),
], family="shape")

op("stack", [
    c([T(2, 3), T(2, 3)]), c([T(2, 3), T(2, 3)], 1), c([T(2, 3), T(2, 3), T(2, 3)], -1),
    c([T(2, 3), T(2, 3)], 2),
    c([T(), T()]), c([T(3)]), c([T(2, dtype=i64), T(2)]), c([T(2, 3, layout="transposed"), T(2, 3)], 1),
    c([M(2), M(2)]),
    c([T(0, 3), T(0, 3)], 1), c([T(2, 3), T(2, 4)]).raises(), c([]).raises(), c([T(2), T(2)], 2).raises(),
    c([T(2), T(2)]).out(T(0)),
], family="shape")

op("split", [
    c(T(5, 2), 2), c(T(5, 2), 5), c(T(5, 2), 10), c(T(5, 2), [1, 4]), c(T(4, 6), 4, 1),
    c(T(4, 6), [2, 2, 2], -1),
    c(T(4, 6), [0, 6], 1), c(T(0, 2), 2), c(T(5, dtype=i64), 2), c(M(4), [1, 3]),
    c(T(2, 6, layout="transposed"), 4, 1), c(T(4, 3), 2).method(),
    c(T(5, 2), [1, 3]).raises(), c(T(5, 2), -1).raises(), c(T(5, 2), 2, 2).raises(), c(T(), 1).raises(),
    c(T(5), 0).raises(),
], views=True, family="shape")

op("chunk", [
    c(T(5, 2), 2), c(T(6, 2), 3), c(T(5, 2), 6), c(T(4, 6), 4, 1), c(T(4, 6), 2, -1), c(T(0, 2), 2),
    c(T(2, 6, layout="transposed"), 3, 1), c(T(5, dtype=i32), 2), c(M(3), 3), c(T(5, 2), 0).raises(),
    c(T(), 1).raises(), c(T(3), 2, 1).raises(),
    c(T(6, 2), 3).method(),
], views=True, family="shape")

op("narrow", [
    c(T(4, 5), 0, 1, 2), c(T(4, 5), -1, 2, 3), c(T(4, 5), 1, -2, 2), c(T(4, 5), 0, 4, 0),
    c(T(4, 5, layout="transposed"), 1, 1, 3), c(T(4, 5, layout="offset"), 0, 1, 2),
    c(T(3, dtype=i64), 0, 1, 1),
    c(M(3, 2), 1, 0, 1), c(T(0, 3), 1, 1, 2), c(T(4, 5), 0, 3, 2).raises(),
    c(T(), 0, 0, 1).raises(), c(T(4, 5), 2, 0, 1).raises(), c(T(4, 5), 0, -5, 1).raises(),
    c(T(4, 5), 0, 0, -1).raises(), c(T(4, 5), 1, 1, 2).method(),
], views=True, family="shape")

op("select", [
    c(T(3, 4), 0, 1), c(T(3, 4), 1, -1), c(T(3, 4, layout="transposed"), 1, 2), c(T(3), 0, 2),
    c(T(2, 3, 4), 1, 0),
    c(T(3, 4, layout="offset"), 0, 2), c(T(3, 0), 0, 1), c(T(3, dtype=i64), 0, -1), c(M(2, 3), 1, 1),
    c(T(3, 4), 0, 3).raises(), c(T(3, 4), 1, -5).raises(),
    c(T(), 0, 0).raises(), c(T(3, 4), 2, 0).raises(), c(T(3, 4), 0, 1).method(),
], views=True, family="shape")

op("slice", [
    c(T(5, 4), 0, 1, 4), c(T(5, 4), 1, None, None, 2), c(T(5, 4), 0, -3, None), c(T(5, 4), 0, 2, 100),
    c(T(5, 4), 0, 4, 2), c(T(5, 4), -1, 1, 3, 2), c(T(5, 4), 0, -100, 2),
    c(T(5, 4, layout="transposed"), 1, 1, None, 3),
    c(T(5)), c(T(0, 3), 0, 1, 2), c(T(5, dtype=i64), 0, 1, None, 2), c(M(4, 2), 1, 1),
    c(T(5, 4), 0, 0, 5, 0).raises(), c(T(5, 4), 0, 0, 5, -1).raises(),
    c(T(5, 4), 2, 0, 1).raises(), c(T(), 0, 0, 1).raises(),
], form="aten", views=True, family="shape")

op("clone", [
    c(T(2, 3)), c(T(3, 4, layout="transposed")), c(T(3, 5, layout="strided")), c(T(3, 4, layout="expanded")),
    c(T(2, 3, dtype=i64)), c(T(3, dtype=b8)), c(T(3, dtype=f16)), c(T()), c(T(0, 3)), c(T(2, 3)).method(),
    c(T(3, dtype=bf16, layout="strided")),
], views=True, family="shape")

op("detach", [
    c(T(2, 3)), c(T(3, 4, layout="transposed")), c(T(3, 4, layout="offset")), c(T()), c(T(2, dtype=i64)),
    c(T(2, 3)).method(), c(T(0, 2)), c(M(3)),
], views=True, family="shape")

op("to", [
    c(T(2, 3), f64), c(T(2, 3, gen=U(-9.0, 9.0)), i32), c(T(2, 3, gen=V(0.0, 1.5, -0.0, NAN)), b8),
    c(T(3, dtype=i64), f16), c(T(3, dtype=i64), bf16), c(T(2, 3), f32), c(T(2, 3), f32, copy=True),
    c(T(3, 4, layout="transposed"), f64), c(T(3, 5, layout="strided"), i64), c(T(3, dtype=b8), f32),
    c(T(4, dtype=i64, gen=V(300, -1, 255, 7)), u8), c(T(4, gen=U(0.0, 200.0)), u8), c(T(), i64),
    c(T(0, 2), f64),
    c(T(3, dtype=f64, gen=V(1e-8, 65504.0, 7e4, -3.14159)), f16),
    c(T(3, dtype=f64, gen=V(1e-8, 3e38, -3.14159)), bf16),
    c(T(3), dtype=f64), c(T(3), T(2, dtype=i64)).op("to"),
], form="method", views=True, family="shape")

op("type_as", [
    c(T(2, 3), T(1, dtype=i64)), c(T(2, 3), T(2)), c(T(2, 3, dtype=i64), T(dtype=f64)),
    c(T(3, 4, layout="transposed"), T(1, dtype=f64)), c(T(0, 2), M(1)), c(M(3), T(1)),
], form="method", views=True, family="shape")

# ---- indexing (registry-level: index.Tensor and index_put_, with None for skipped dims) ----

def LI(*values):  # an int64 index tensor with these values
    return T(len(values), dtype=i64, gen=V(*values))


op("index", [
    c(T(5, 3), [I(4, lo=-5, hi=5)]), c(T(5, 3), [None, I(2, hi=3)]), c(T(4, 5), [I(2, 1, hi=4), I(3, hi=5)]),
    c(T(4, 5), [M(4, 5)]), c(T(4, 5), [M(4)]), c(T(4, 5), [None, M(5)]),
    c(T(3, 4, 5), [I(2, hi=3), None, I(2, hi=5)]),
    c(T(3, 4, 5), [None, I(2, hi=4), I(2, hi=5)]), c(T(3, 4, 5), [I(2, 2, hi=3)]), c(T(5), [I(0, hi=5)]),
    c(T(0, 3), [I(0, hi=1)]), c(T(5, 3), [I(hi=5)]), c(T(5), [T(5, dtype=u8, gen=U(0, 2))]),
    c(T(4, 3, layout="transposed"), [I(2, hi=4), I(2, hi=3)]),
    c(T(5, 3, dtype=i64), [I(3, hi=5, layout="strided")]),
    c(T(3, 4, dtype=b8), [I(2, hi=3)]), c(T(), [M()]).raises(), c(T(4, 5, dtype=f64), [M(4), I(1, hi=5)]),
    c(T(5), [I(3, hi=5, dtype=i32)]).raises(), c(T(5), [T(2)]).raises(),
    c(T(5), [I(2, hi=5, dtype=i16)]).raises(),
    c(T(5), [I(2, hi=5), I(1, hi=1)]).raises(), c(T(5, 3), [M(3)]).raises(),
    c(T(5, 3), [I(2, hi=5), I(3, hi=3)]).raises(), c(T(5), [LI(5)]).raises(), c(T(5), [LI(-6)]).raises(),
    c(T(5, 3), [None, LI(0, 3)]).raises(),
], form="aten", family="index")

op("index_put_", [
    c(T(5, 3), [LI(0, 3)], T(3)), c(T(5, 3), [LI(4, 1)], T(2, 3)), c(T(5, 3), [M(5)], T()),
    c(T(5, 3), [M(5, 3)], T(1)),
    c(T(4, 5), [None, LI(0, -1)], T(4, 1)), c(T(4, 5), [LI(1, 3), LI(0, 4)], T(2)),
    c(T(5), [LI(0, 2, 0, 2)], T(4), True), c(T(5, dtype=i64), [LI(1, 1, 4)], T(3, dtype=i64), True),
    c(T(5, dtype=i64), [M(5)], T(dtype=f64)), c(T(4, 3, layout="transposed"), [LI(3, 0)], T(3)),
    c(T(5), [T(0, dtype=i64)], T(0)), c(T(5, 3), [LI(0, 3)], T(2)).raises(), c(T(5), [LI(7)], T(1)).raises(),
    c(T(5), [LI(1)], T(1, dtype=f64)).raises(),
], form="aten", family="index")

op("index_put", [
    c(T(5, 3), [LI(0, 3)], T(3)), c(T(5, 3), [M(5)], T()), c(T(4, 5), [None, LI(0, -1)], T(4, 1)),
    c(T(5), [LI(0, 2, 0, 2)], T(4), True), c(T(4, 3, layout="transposed"), [LI(3, 0)], T(3)),
    c(T(5, 3), [LI(0, 3)], T(2)).raises(),
], form="aten", views=True, family="index")

op("copy_", [
    c(T(2, 3), T(2, 3)), c(T(2, 3), T(3)), c(T(2, 3), T()), c(T(2, 3), T(2, 3, dtype=i64)),
    c(T(2, 3, dtype=i64), T(2, 3, gen=U(-5.0, 5.0))), c(T(3, 2, layout="transposed"), T(3, 2)),
    c(T(3, 2), T(3, 2, layout="transposed")), c(T(2, 5, layout="strided"), T(5, dtype=f64)),
    c(T(3, dtype=b8), T(3, gen=V(0.0, 2.0, NAN))), c(T(3, dtype=f16), T(3, dtype=bf16)), c(T(0, 3), T(3)),
    c(T(2, 3), T(4)).raises(), c(T(3), T(2, 3)).raises(), c(T(3, 2, layout="expanded"), T(3, 2)).raises(),
], form="method", family="index")

op("fill_", [
    c(T(2, 3), 1.5), c(T(2, 3, dtype=i64), 7), c(T(2, 3, layout="transposed"), -1.0), c(T(2, 3), T()),
    c(T(2, 3), T(dtype=i64)), c(T(3, dtype=b8), True), c(T(3, dtype=i32), 2.7), c(T(0, 3), 1.0), c(T(), 5),
    c(T(2, 5, layout="strided"), 3), c(T(3, dtype=f16), 65504.0), c(T(2, 3), T(1)).raises(),
    c(T(3, 2, layout="expanded"), 1.0),
], form="method", family="index")

op("zero_", [
    c(T(2, 3)), c(T(2, 3, layout="transposed")), c(T(2, 3, dtype=i64)), c(T()), c(T(0, 2)), c(T(3, dtype=b8)),
    c(T(2, 5, layout="strided")),
], form="method", family="index")

# ---- introspection ----

op("item", [
    c(T()), c(T(1)), c(T(1, 1, dtype=i64)), c(T(dtype=b8)), c(T(dtype=f16)), c(T(dtype=f64)), c(T(dtype=u8)),
    c(T(gen=V(NAN))), c(T(3, layout="expanded")).raises(), c(T(2)).raises(), c(T(0)).raises(),
], form="aten", family="introspection")  # aten: Tensor.item's Python binding words errors its own way
op("tolist", [
    c(T(2, 3)), c(T(3, dtype=i64)), c(T()), c(T(2, dtype=b8)), c(T(2, 0)),
    c(T(3, 2, layout="transposed", dtype=i32)),
], form="method", family="introspection")
op("numel", [c(T(2, 3)), c(T()), c(T(0, 4)), c(T(3, 4, layout="expanded")), c(T(2, 3)).method()],
   family="introspection")
op("nelement", [c(T(2, 3)), c(T()), c(T(0, 4)), c(T(3, 4, layout="expanded"))], form="method", family="introspection")
op("element_size", [c(T(2, 3)), c(T(2, dtype=i64)), c(T(3, dtype=f64)), c(T(0, 4)), c(M(1, 2))], form="method",
   family="introspection")
op("size", [
    c(T(2, 3)), c(T(2, 3), 1), c(T(2, 3), -1), c(T()), c(T(0, 4)), c(T(3, 4, layout="transposed"), 0),
    c(T(2, 3), 2).raises(), c(T(), 0).raises(), c(T(2, dtype=i64)), c(M(1, 2)),
], form="method", family="introspection")
op("dim", [c(T(2, 3)), c(T()), c(T(0)), c(T(1, 1, 1, 1)), c(T(2, dtype=i64, layout="strided")),
c(M(3))], form="method", family="introspection")
op("ndimension", [c(T(2, 3)), c(T()), c(T(0)), c(T(2, dtype=i64, layout="strided"))], form="method", family="introspection")
op("stride", [
    c(T(2, 3)), c(T(2, 3, layout="transposed")), c(T(2, 3), 0), c(T(2, 3), -1), c(T(3, 4, layout="expanded")),
    c(T(2, 5, layout="strided"), 1), c(T()), c(T(0, 3)), c(T(2, dtype=i64)), c(M(2, 2), 1),
    c(T(2, 3), 5).raises(),
], form="method", family="introspection")
op("is_contiguous", [
    c(T(2, 3)), c(T(2, 3, layout="transposed")), c(T(1, 3, layout="transposed")),
    c(T(0, 3, layout="transposed")),
    c(T(2, 5, layout="strided")), c(T(3, 4, layout="expanded")), c(T(3, 4, layout="offset")), c(T()),
    c(T(1, 5, layout="expanded")),
], form="method", family="introspection")

# ============================== nn functional ==============================

NN_TOL = {"float32": (1e-5, 1e-5), "float64": (1e-7, 1e-7)}

op("linear", [
    c(T(2, 3), T(4, 3)), c(T(2, 3), T(4, 3), T(4)), c(T(5, 2, 3), T(4, 3), T(4)), c(T(3), T(4, 3)),
    c(T(3), T(4, 3), T(4)),
    c(T(2, 3, layout="transposed"), T(4, 3, layout="transposed"), T(4, layout="strided")),
    c(T(2, 3, dtype=f64), T(4, 3, dtype=f64), T(4, dtype=f64)), c(T(0, 3), T(4, 3), T(4)),
    c(T(2, 0), T(4, 0), T(4)),
    c(T(2, 3), T(4, 3), T()), c(T(2, 3), T(4, 5)).raises(), c(T(2, 3), T(4, 3), T(5)).raises(),
    c(T(2, 3), T(4, 3, dtype=f64)).raises(), c(T(2, 3, dtype=i64), T(4, 3, dtype=i64)),
    c(M(2, 3), M(4, 3)).raises(),
    c(T(), T(4, 3)).raises(),
], form="F", tol=NN_TOL, family="nn")


def softmax_like():
    return [
        c(T(3, 4), 1), c(T(3, 4), 0), c(T(3, 4), -1), c(T(2, 3, 4), 1), c(T(3, 4, layout="transposed"), 1),
        c(T(3, 4, layout="transposed"), 0), c(T(2, 5, layout="strided"), 1), c(T(3, 4), 1, f64),
        c(T(3, 4, dtype=f64), 0), c(T(), 0), c(T(0, 3), 1), c(T(3, 0), 1),
        c(T(4, 50, gen=U(-100.0, 100.0)), 1),
        c(T(2, 4, gen=V(-INF, 1.0, 2.0, 3.0)), 1), c(T(2, 3, gen=V(-INF)), 1), c(T(2, 4, gen=V(NAN, 1.0)), 1),
        c(T(3, 4, dtype=bf16), 1), c(T(3, 4, dtype=f16), 1).raises(), c(T(3, 4, dtype=f16), 1, f32),
        c(T(3, dtype=i64), 0).raises(), c(T(3, dtype=i64), 0, f32), c(T(3, 4), 2).raises(),
        c(T(3, 4), 1).method(), c(T(2, 1000, gen=U(-5.0, 5.0)), 1), c(T(1000, 2, gen=U(-5.0, 5.0)), 0),
        c(M(3), 0).raises(), c(T(3, 4), 1, f16).raises(),
    ]


op("softmax", softmax_like(), tol=NN_TOL, family="nn")
op("log_softmax", softmax_like(), tol=NN_TOL, family="nn")

op("dropout", [
    c(T(4, 5), 0.5, True).seed(0), c(T(100), 0.2, True).seed(1), c(T(4, 5), 0.5, False),
    c(T(4, 5), 0.0, True).seed(2),
    c(T(4, 5), 1.0, True).seed(3), c(T(3, 4, layout="transposed"), 0.3, True).seed(4),
    c(T(50, dtype=f64), 0.5, True).seed(5), c(T(0, 3), 0.5, True).seed(6), c(T(), 0.5, True).seed(7),
    c(T(4, 5), 1.5, True).raises(), c(T(4, 5), -0.1, True).raises(),
    c(T(4, dtype=i64), 0.5, True).seed(8).raises(),
    c(T(4, 5, dtype=bf16), 0.5, True).seed(9), c(T(4, dtype=i64), 0.5, False),
    c(M(4), 0.5, True).seed(10).raises(),
], family="nn")

CONV_TOL = {"float32": (1e-4, 1e-5), "float64": (1e-7, 1e-7)}
op("conv2d", [
    c(T(1, 1, 5, 5), T(1, 1, 3, 3)), c(T(2, 3, 6, 6), T(4, 3, 3, 3), T(4)),
    c(T(1, 2, 7, 7), T(3, 2, 3, 3), None, 2),
    c(T(1, 2, 5, 5), T(3, 2, 3, 3), T(3), 1, 1), c(T(1, 1, 7, 7), T(2, 1, 3, 3), None, 1, 0, 2),
    c(T(1, 4, 5, 5), T(4, 2, 3, 3), T(4), 1, 1, 1, 2), c(T(1, 4, 5, 5), T(4, 1, 3, 3), None, 1, 1, 1, 4),
    c(T(1, 2, 6, 5), T(2, 2, 3, 2), None, [2, 1], [1, 0]), c(T(2, 1, 5, 5), T(2, 1, 3, 3), padding="same"),
    c(T(1, 1, 6, 6), T(1, 1, 4, 4), None, 1, "same"), c(T(1, 2, 5, 5), T(1, 2, 3, 3), padding="valid"),
    c(T(1, 1, 7, 7), T(1, 1, 3, 3), dilation=2, padding="same"), c(T(1, 3, 5, 5), T(2, 3, 1, 1)),
    c(T(1, 3, 5, 5, layout="transposed"), T(2, 3, 3, 3)),
    c(T(1, 2, 5, 5, dtype=f64), T(3, 2, 3, 3, dtype=f64), T(3, dtype=f64)),
    c(T(2, 5, 5), T(3, 2, 3, 3)), c(T(0, 1, 5, 5), T(2, 1, 3, 3)), c(T(4, 1, 28, 28), T(10, 1, 5, 5), T(10)),
    c(T(1, 4, 5, 5), T(2, 3, 3, 3)).raises(), c(T(1, 1, 2, 2), T(1, 1, 3, 3)).raises(),
    c(T(1, 3, 5, 5), T(2, 3, 3)).raises(), c(T(1, 4, 5, 5), T(4, 2, 3, 3), None, 1, 0, 1, 3).raises(),
    c(T(1, 1, 5, 5), T(1, 1, 3, 3), None, 2, "same").raises(), c(T(1, 1, 5, 5), T(1, 1, 3, 3), T(2)).raises(),
    c(T(1, 1, 5, 5), T(1, 1, 3, 3), None, 0).raises(), c(T(1, 1, 5, 5), T(1, 1, 3, 3, dtype=f64)).raises(),
    c(T(1, 1, 4, 4, dtype=i64), T(1, 1, 3, 3, dtype=i64)), c(T(), T(1, 1, 3, 3)).raises(),
    c(T(1, 1, 4, 4, dtype=bf16), T(1, 1, 3, 3, dtype=bf16)).tol(1.6e-2, 1e-2),
    c(M(1, 1, 4, 4), M(1, 1, 3, 3)).raises(),
], tol=CONV_TOL, family="nn")

op("max_pool2d", [
    c(T(1, 1, 4, 4), 2), c(T(1, 2, 5, 5), 3, 2), c(T(1, 1, 5, 5), 2, 2, 1), c(T(1, 1, 7, 7), 3, 1, 1, 2),
    c(T(1, 1, 5, 5), 2, 2, 0, 1, True), c(T(2, 6, 6), 2), c(T(1, 1, 6, 5), [2, 3], [2, 1]),
    c(T(1, 1, 6, 6, layout="transposed"), 2), c(T(1, 1, 4, 4, dtype=f64), 2), c(T(2, 3, 5, 5, dtype=bf16), 2),
    c(T(1, 1, 4, 4, gen=V(1.0, NAN, 3.0, -INF)), 2), c(T(1, 1, 4, 4, gen=V(-INF)), 2),
    c(T(4, 10, 24, 24), 2), c(T(0, 1, 4, 4), 2), c(T(1, 1, 4, 4, dtype=i64), 2).raises(),
    c(T(1, 1, 4, 4), 2, 2, 2).raises(), c(T(1, 1, 2, 2), 3).raises(), c(T(4, 4), 2).raises(),
    c(T(1, 1, 4, 4), 0).raises(), c(T(1, 1, 4, 4), 2, 0).raises(), c(T(), 1).raises(),
    c(T(1, 1, 4, 4, dtype=b8), 2).raises(),
], family="nn")

LOGP = U(-3.0, 0.0)
op("nll_loss", [
    c(T(3, 5, gen=LOGP), I(3, hi=5)), c(T(3, 5, gen=LOGP), I(3, hi=5), None, 0),
    c(T(3, 5, gen=LOGP), I(3, hi=5), None, 2),
    c(T(4, 5, gen=LOGP), I(4, hi=5), T(5, gen=U(0.5, 2.0))),
    c(T(4, 5, gen=LOGP), I(4, hi=5), T(5, gen=U(0.5, 2.0)), 0),
    c(T(4, 5, gen=LOGP), LI(1, 0, 1, 3), None, 1, 1), c(T(4, 5, gen=LOGP), LI(1, 1, 1, 1), None, 1, 1),
    c(T(4, 5, gen=LOGP), LI(1, 2, 1, 3), T(5, gen=U(0.5, 2.0)), 2, 1),
    c(T(5, gen=LOGP), T(dtype=i64, gen=V(2))),
    c(T(5, 3, gen=LOGP, layout="transposed"), I(5, hi=3)), c(T(3, 5, gen=LOGP, dtype=f64), I(3, hi=5)),
    c(T(0, 5), I(0, hi=5)), c(T(0, 5), I(0, hi=5), None, 0), c(T(3, 5, gen=LOGP), LI(0, 7, 1)).raises(),
    c(T(3, 5, gen=LOGP), LI(0, -1, 1)).raises(), c(T(3, 5), I(2, hi=5)).raises(), c(T(3, 5), T(3)).raises(),
    c(T(3, 5), I(3, hi=5), T(4)).raises(), c(T(2, 3, 4), I(2, 3, hi=3)).raises(),
    c(T(3, 5, dtype=i64), I(3, hi=5)).raises(), c(T(3, 5), I(3, hi=5, dtype=i32)).raises(),
    c(M(3, 5), I(3, hi=5)).raises(),
], form="aten", tol=NN_TOL, family="nn")

op("cross_entropy_loss", [
    c(T(3, 5), I(3, hi=5)), c(T(3, 5), I(3, hi=5), None, 0), c(T(3, 5), I(3, hi=5), None, 2),
    c(T(4, 5), I(4, hi=5), T(5, gen=U(0.5, 2.0))), c(T(4, 5), LI(1, 0, 1, 3), None, 1, 1),
    c(T(4, 5), I(4, hi=5), None, 1, -100, 0.1), c(T(4, 5), I(4, hi=5), T(5, gen=U(0.5, 2.0)), 0, -100, 0.2),
    c(T(3, 5), T(3, 5, gen=U(0.0, 1.0))),
    c(T(3, 5), T(3, 5, gen=U(0.0, 1.0)), T(5, gen=U(0.5, 2.0)), 2, -100, 0.1),
    c(T(2, 3, 4, 4), I(2, 4, 4, hi=3)), c(T(2, 3, 4), I(2, 4, hi=3), None, 0),
    c(T(5), T(dtype=i64, gen=V(2))),
    c(T(5, 3, layout="transposed"), I(5, hi=3)), c(T(3, 5, dtype=f64), I(3, hi=5)),
    c(T(3, 5, gen=U(-50.0, 50.0)), I(3, hi=5)),
    c(T(0, 5), I(0, hi=5)), c(T(3, 5), LI(0, 5, 1)).raises(), c(T(3, 5), I(2, hi=5)).raises(),
    c(T(3, 5), T(3, 4)).raises(), c(T(3, 5), I(3, hi=5), None, 1, -100, 1.5).raises(),
    c(T(3, 5, dtype=i64), I(3, hi=5)).raises(), c(M(3, 5), I(3, hi=5)).raises(),
], form="aten", tol=NN_TOL, family="nn")

op("mse_loss", [
    c(T(3, 4), T(3, 4)), c(T(3, 4), T(3, 4), 0), c(T(3, 4), T(3, 4), 2), c(T(3, 4), T(4)),
    c(T(4), T(3, 4), 0),
    c(T(3, 4, layout="transposed"), T(3, 4, layout="strided")), c(T(3, 4, dtype=f64), T(3, 4, dtype=f64)),
    c(T(), T()), c(T(0, 3), T(0, 3)), c(T(0, 3), T(0, 3), 2),
    c(T(3, 4, dtype=bf16), T(3, 4, dtype=bf16)).raises(),
    c(T(3, dtype=i64), T(3, dtype=i64)).raises(), c(T(3), T(4)).raises(), c(T(3), T(3, dtype=f64)),
    c(M(3), M(3)).raises(),
], form="aten", tol=NN_TOL, family="nn")

# ============================== sorting, selection, uniques, scans (sort.cpp, unique.cpp, scan.cpp) ==============================
# Rows of small integers (as floats) give many ties: the positions picked among equal values
# must be PyTorch's. 97 values (a prime) so that rows start at different phases.
SORT_TIES = V(*[float((i * 37 + 11) % 7 % 5) for i in range(97)])
SORT_TIES_NAN = V(*[NAN if i % 11 == 3 else float((i * 13 + 5) % 6) for i in range(89)])
SORT_NANS = V(1.0, NAN, 3.0, -INF, 2.0, NAN, INF, -0.0, 0.0, 2.0)


def sort_common():
    """Samples shared by sort and argsort (function form; dim, descending positional)."""
    return [
        c(T(3, 4)), c(T(3, 4), 0), c(T(3, 4), -1, True), c(T(3, 4), descending=True), c(T(2, 3, 4), 1),
        c(T(4, 40, gen=SORT_TIES)), c(T(4, 40, gen=SORT_TIES), 1, True), c(T(40, 3, gen=SORT_TIES), 0),
        c(T(300, gen=SORT_TIES)), c(T(300, gen=SORT_TIES), 0, True), c(T(3, 100, gen=SORT_TIES_NAN)),
        c(T(3, 100, gen=SORT_TIES_NAN), descending=True), c(T(2, 10, gen=SORT_NANS)),
        c(T(2, 10, gen=SORT_NANS), 1, True),
        c(T(4, 40, gen=SORT_TIES), stable=True), c(T(4, 40, gen=SORT_TIES), stable=True, dim=0, descending=True),
        c(T(4, 40, gen=SORT_TIES), stable=False, dim=1),
        c(T(5, 4, layout="transposed"), 1), c(T(5, 4, layout="transposed"), 0), c(T(3, 6, layout="strided")),
        c(T(4, 3, layout="expanded"), 0), c(T(3, 5, layout="offset"), 0),
        c(T(3, 30, dtype=i64, gen=U(0, 4))), c(T(3, 30, dtype=i32, gen=U(-2, 2)), 1, True),
        c(T(3, 30, dtype=u8, gen=U(0, 3))), c(T(3, 30, dtype=i8, gen=U(-3, 3)), 0),
        c(T(3, 30, dtype=i16, gen=U(0, 3))), c(T(3, 30, dtype=b8)), c(T(3, 30, dtype=b8), descending=True),
        c(T(3, 30, dtype=f16, gen=SORT_TIES)), c(T(3, 30, dtype=bf16, gen=SORT_TIES_NAN), 1, True),
        c(T(3, 30, dtype=f64, gen=SORT_TIES)),
        c(T()), c(T(), 0), c(T(), -1, True), c(T(0, 3)), c(T(0, 3), 0), c(T(3, 0), 1),
        c(T(3, 4), 2).raises(), c(T(), 1).raises(), c(T(3, 4), 1).method(),
        c(T(3, 4), stable=True, dim=0).method(),
    ]


op("sort", sort_common() + [
    c(T(3, 4), 1, values=T(0), indices=T(0, dtype=i64)).aten(),
    c(T(3, 40, gen=SORT_TIES), 1, True, values=T(2, 2), indices=T(5, dtype=i64)).aten(),
    c(T(3, 40, gen=SORT_TIES), stable=True, dim=1, values=T(0), indices=T(0, dtype=i64)).aten(),
    c(T(3, 4), 1, values=T(0, dtype=i64), indices=T(0, dtype=i64)).aten().raises(),
    c(T(3, 4), 1, values=T(0), indices=T(0)).aten().raises(),
], family="sort")
op("argsort", sort_common(), family="sort")
op("msort", [
    c(T(5, 3)), c(T(40, 3, gen=SORT_TIES)), c(T(4)), c(T()), c(T(0, 2)), c(T(4, 3, layout="transposed")),
    c(T(5, 3, dtype=i64)), c(T(5, 3)).method(), c(T(5, 3)).out(T(0)), c(T(5, 3)).out(T(0, dtype=i64)).raises(),
], family="sort")

op("topk", [
    c(T(3, 10), 3), c(T(3, 10), 3, 0), c(T(3, 10), 2, -1, False), c(T(3, 10), 4, largest=False, sorted=False),
    c(T(2, 200, gen=SORT_TIES), 3), c(T(2, 200, gen=SORT_TIES), 3, largest=False),
    c(T(2, 200, gen=SORT_TIES_NAN), 2), c(T(2, 200, gen=SORT_TIES_NAN), 2, largest=False),
    c(T(3, 40, gen=SORT_TIES), 5), c(T(3, 40, gen=SORT_TIES), 5, sorted=False),
    c(T(3, 40, gen=SORT_TIES), 7, largest=False), c(T(3, 40, gen=SORT_TIES), 7, largest=False, sorted=False),
    c(T(3, 40, gen=SORT_TIES_NAN), 6), c(T(3, 40, gen=SORT_TIES_NAN), 6, 1, False),
    c(T(2, 10, gen=SORT_NANS), 3), c(T(2, 10, gen=SORT_NANS), 3, largest=False), c(T(3, 10), 10),
    c(T(3, 10), 0), c(T(5, 4, layout="transposed"), 2, 0), c(T(3, 8, layout="strided"), 3),
    c(T(4, 3, layout="expanded"), 2, 0),
    c(T(3, 30, dtype=i64, gen=U(0, 4)), 4), c(T(3, 30, dtype=u8, gen=U(0, 3)), 4, largest=False),
    c(T(3, 30, dtype=i8, gen=U(-3, 3)), 2, 0), c(T(3, 30, dtype=bf16, gen=SORT_TIES), 3),
    c(T(3, 30, dtype=f64, gen=SORT_TIES), 3), c(T(), 1), c(T(), 0), c(T(0, 3), 2), c(T(0, 3), 0, 0),
    c(T(3, 4), 5).raises(), c(T(3, 4), -1).raises(), c(T(3, 4), 1, 2).raises(), c(T(), 2).raises(),
    c(T(3, 4, dtype=b8), 1).raises(), c(T(3, 4, dtype=f16), 1).raises(),
    c(T(3, 10), 3).method(),
    c(T(3, 10), 3, values=T(0), indices=T(0, dtype=i64)).aten(),
    c(T(3, 10), 3, values=T(0, dtype=i64), indices=T(0, dtype=i64)).aten().raises(),
], family="sort")

op("kthvalue", [
    c(T(3, 10), 3), c(T(3, 10), 1, 0), c(T(3, 10), 2, 0, True), c(T(3, 10), 10, -1, True),
    c(T(3, 40, gen=SORT_TIES), 5), c(T(3, 40, gen=SORT_TIES), 20), c(T(3, 40, gen=SORT_TIES), 40),
    c(T(40, 3, gen=SORT_TIES), 17, 0), c(T(3, 100, gen=SORT_TIES_NAN), 50), c(T(3, 100, gen=SORT_TIES_NAN), 99),
    c(T(2, 10, gen=SORT_NANS), 3), c(T(2, 10, gen=SORT_NANS), 9), c(T(2, 3, 5), 2, 1),
    c(T(5, 4, layout="transposed"), 2, 0), c(T(3, 8, layout="strided"), 3), c(T(4, 3, layout="expanded"), 2, 0),
    c(T(3, 30, dtype=i64, gen=U(0, 4)), 4), c(T(3, 30, dtype=u8, gen=U(0, 3)), 14),
    c(T(3, 30, dtype=bf16, gen=SORT_TIES), 3), c(T(3, 30, dtype=f64, gen=SORT_TIES), 3),
    c(T(), 1), c(T(), 1, 0, True), c(T(0, 3), 1, 1), c(T(0, 3), 1, 1, True),
    c(T(0, 3), 1, 0).raises(), c(T(3, 4), 0).raises(), c(T(3, 4), 5).raises(), c(T(), 2).raises(),
    c(T(3, 4), 1, 2).raises(), c(T(3, 4, dtype=b8), 1).raises(), c(T(3, 4, dtype=f16), 1).raises(),
    c(T(3, 10), 3).method(),
    c(T(3, 10), 3, values=T(0), indices=T(0, dtype=i64)).aten(),
    c(T(3, 10), 3, 1, True, values=T(3), indices=T(0, dtype=i64)).aten(),
    c(T(3, 10), 3, values=T(0, dtype=i64), indices=T(0, dtype=i64)).aten().raises(),
    c(T(3, 10), 3, values=T(0), indices=T(0)).aten().raises(),
], family="sort")


def median_samples():
    """median/nanmedian: the full reduction and the dim overloads."""
    return [
        c(T(3, 4)), c(T(5)), c(T(6)), c(T(3, 40, gen=SORT_TIES)), c(T(2, 10, gen=SORT_NANS)),
        c(T(4, gen=V(NAN, NAN, NAN, NAN))), c(T(0)), c(T(0, 3)), c(T(5, 4, layout="transposed")),
        c(T(3, 5, dtype=i64)), c(T(4, dtype=u8)), c(T(7, dtype=bf16)), c(T(3, 4, dtype=f64)), c(T()),
        c(T(3, dtype=f16)).raises(), c(T(3, dtype=b8)).raises(),
        c(T(3, 10), 1), c(T(3, 10), 0), c(T(3, 10), -1, True), c(T(2, 3, 5), 1, keepdim=True),
        c(T(3, 40, gen=SORT_TIES), 1), c(T(40, 3, gen=SORT_TIES), 0), c(T(3, 41, gen=SORT_TIES), 1),
        c(T(3, 100, gen=SORT_TIES_NAN), 1), c(T(2, 10, gen=SORT_NANS), 1),
        c(T(2, 4, gen=V(NAN, 1.0, NAN, NAN, 2.0, NAN, NAN, NAN)), 1),
        c(T(5, 4, layout="transposed"), 0), c(T(5, 4, layout="transposed"), 1), c(T(3, 8, layout="strided"), 1),
        c(T(3, 30, dtype=i64, gen=U(0, 4)), 1), c(T(3, 30, dtype=i8, gen=U(-3, 3)), 0),
        c(T(3, 30, dtype=bf16, gen=SORT_TIES), 1), c(T(3, 30, dtype=f64, gen=SORT_TIES), 1),
        c(T(), 0), c(T(), -1, True), c(T(0, 3), 1), c(T(3, 0), 0, True),
        c(T(0, 3), 0).raises(), c(T(3, 0), 1).raises(), c(T(3, 4), 2).raises(),
        c(T(3, 4, dtype=f16), 1).raises(), c(T(3, 4, dtype=b8), 1).raises(),
        c(T(3, 10)).method(), c(T(3, 10), 1).method(),
        c(T(3, 10), 1, values=T(0), indices=T(0, dtype=i64)).aten(),
        c(T(3, 10), 1, values=T(0, dtype=i64), indices=T(0, dtype=i64)).aten().raises(),
        c(T(3, 10), 1, values=T(0), indices=T(0)).aten().raises(),
    ]


op("median", median_samples(), family="sort")
op("nanmedian", median_samples(), family="sort")

op("mode", [
    c(T(3, 10, gen=SORT_TIES)), c(T(3, 10, gen=SORT_TIES), 0), c(T(3, 10, gen=SORT_TIES), -1, True),
    c(T(3, 40, gen=SORT_TIES)), c(T(40, 3, gen=SORT_TIES), 0), c(T(3, 100, gen=SORT_TIES_NAN)),
    c(T(2, 10, gen=SORT_NANS)), c(T(3, 10)), c(T(2, 3, 5, gen=SORT_TIES), 1, True),
    c(T(5, 4, gen=SORT_TIES, layout="transposed"), 0), c(T(3, 8, gen=SORT_TIES, layout="strided")),
    c(T(4, 3, layout="expanded"), 0),
    c(T(3, 30, dtype=i64, gen=U(0, 4))), c(T(3, 30, dtype=u8, gen=U(0, 3)), 0), c(T(3, 30, dtype=b8)),
    c(T(3, 30, dtype=f16, gen=SORT_TIES)), c(T(3, 30, dtype=bf16, gen=SORT_TIES)),
    c(T(3, 30, dtype=f64, gen=SORT_TIES)),
    c(T()), c(T(), 0), c(T(0, 3)), c(T(0, 3), 1, True), c(T(0, 3), 0).raises(), c(T(3, 0)).raises(),
    c(T(3, 4), 2).raises(), c(T(3, 10, gen=SORT_TIES)).method(),
    c(T(3, 10, gen=SORT_TIES), 1, values=T(0), indices=T(0, dtype=i64)).aten(),
    c(T(3, 10), 1, values=T(0, dtype=i64), indices=T(0, dtype=i64)).aten().raises(),
    c(T(3, 10), 1, values=T(0), indices=T(0)).aten().raises(),
], family="sort")


def cummaxmin():
    return [
        c(T(3, 4), 1), c(T(3, 4), 0), c(T(3, 4), -1), c(T(2, 3, 4), 1), c(T(3, 40, gen=SORT_TIES), 1),
        c(T(40, 3, gen=SORT_TIES), 0), c(T(2, 10, gen=SORT_NANS), 1), c(T(3, 50, gen=SORT_TIES_NAN), 1),
        c(T(5, 4, layout="transposed"), 0), c(T(3, 8, layout="strided"), 1), c(T(4, 3, layout="expanded"), 0),
        c(T(3, 5, layout="offset"), 1),
        c(T(3, 30, dtype=i64, gen=U(0, 4)), 1), c(T(3, 30, dtype=u8, gen=U(0, 3)), 0), c(T(3, 30, dtype=b8), 1),
        c(T(3, 30, dtype=i8, gen=U(-3, 3)), 1), c(T(3, 30, dtype=bf16, gen=SORT_TIES_NAN), 1),
        c(T(3, 30, dtype=f64, gen=SORT_TIES), 0),
        c(T(), 0), c(T(), 5), c(T(0, 3), 0), c(T(0, 3), 7), c(T(200, 300, gen=SORT_TIES), 1),
        c(T(300, 200, gen=SORT_TIES), 0),
        c(T(3, 4), 2).raises(), c(T(3, 4, dtype=f16), 1).raises(), c(T(3, 4), 1).method(),
        c(T(3, 4), 1, values=T(0), indices=T(0, dtype=i64)).aten(),
        c(T(3, 4), 1, values=T(0, dtype=i64), indices=T(0, dtype=i64)).aten().raises(),
        c(T(3, 4), 1, values=T(0), indices=T(0)).aten().raises(),
    ]


op("cummax", cummaxmin(), family="scan")
op("cummin", cummaxmin(), family="scan")

UNIQ_VALS = V(3.0, 1.0, 2.0, 3.0, 1.0, 7.0, 2.0, 2.0, 9.0, 0.0, 0.5, -0.0, 1.5, 100.0, -3.0, 0.0)
UNIQ_NANS = V(1.0, NAN, 2.0, NAN, 1.0, -0.0, 0.0, INF, -INF, INF)


def unique2_samples():
    s = []
    for flags in ((True, False, False), (False, False, False), (True, True, False), (True, False, True),
                  (True, True, True), (False, True, True)):
        s += [c(T(16, gen=UNIQ_VALS), *flags), c(T(3, 7, dtype=i64, gen=U(-4, 5)), *flags)]
    s += [
        c(T(10, gen=UNIQ_NANS), True, True, True), c(T(10, gen=UNIQ_NANS), False, True, True),
        c(T(40, gen=SORT_TIES)), c(T(300, gen=SORT_TIES), False, True, True),
        c(T(4, 5, gen=UNIQ_VALS, layout="transposed"), True, True, True),
        c(T(3, 6, gen=UNIQ_VALS, layout="strided"), False, True, True),
        c(T(16, dtype=bf16, gen=UNIQ_VALS), False, True, True), c(T(16, dtype=bf16, gen=UNIQ_VALS), True, True, True),
        c(T(20, dtype=u8, gen=U(0, 6)), False, True, True), c(T(20, dtype=i8, gen=U(-5, 5)), False),
        c(T(20, dtype=i32, gen=U(-50, 50)), False, True, True), c(T(20, dtype=i16, gen=U(-5, 5)), True),
        c(T(16, dtype=f64, gen=UNIQ_VALS), False, True, True), c(T(7, dtype=b8), False, True, True),
        c(T(2, 2, dtype=b8, gen=V(True)), False, True, True), c(T(0), True, True, True), c(T(0, 3), False, True, True),
        c(T(), True, True, True), c(T(3, dtype=f16)).raises(),
    ]
    return s


op("_unique2", unique2_samples(), form="aten", family="unique")
op("_unique", [
    c(T(16, gen=UNIQ_VALS)), c(T(16, gen=UNIQ_VALS), False), c(T(16, gen=UNIQ_VALS), True, True),
    c(T(3, 7, dtype=i64, gen=U(-4, 5)), False, True), c(T(10, gen=UNIQ_NANS), True, True), c(T(0), True, True),
    c(T(3, dtype=f16)).raises(),
], form="aten", family="unique")

UDIM_ROWS = V(1.0, 2.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 0.0, 5.0, 3.0, 4.0)

op("unique_dim", [
    c(T(6, 2, gen=UDIM_ROWS), 0), c(T(6, 2, gen=UDIM_ROWS), 0, True, True, True), c(T(6, 2, gen=UDIM_ROWS), -2),
    c(T(2, 6, gen=UDIM_ROWS, layout="transposed"), 1, True, True, True),
    c(T(4, 3, 2, gen=V(1.0, 2.0, 1.0, 0.0, 1.0, 2.0, 3.0)), 1), c(T(4, 3, 2, gen=V(1.0, 2.0, 1.0, 0.0, 1.0, 2.0, 3.0)), 2),
    c(T(40, 3, gen=SORT_TIES), 0), c(T(3, 40, gen=SORT_TIES), 1, False, False, False),
    c(T(4, 2, gen=V(1.0, NAN, 1.0, NAN, -0.0, 2.0, 0.0, 2.0)), 0),
    c(T(20, 2, dtype=i64, gen=U(0, 3)), 0), c(T(20, 2, dtype=b8), 0), c(T(20, 2, dtype=u8, gen=U(0, 2)), 1),
    c(T(12, 2, dtype=bf16, gen=UDIM_ROWS), 0), c(T(8), 0), c(T(0, 3), 0), c(T(3, 0), 1), c(T(2, 0, 3), 1),
    c(T(0, 0), 0).raises(), c(T(0, 3), 1).raises(), c(T(3, 4), 2).raises(), c(T(), 0).raises(),
    c(T(3, 4, dtype=f16), 0).raises(),
], form="aten", family="unique")

UC_RUNS = V(1.0, 1.0, 2.0, 2.0, 2.0, 3.0, 1.0, 1.0, NAN, NAN, 0.0, -0.0, 4.0)

op("unique_consecutive", [
    c(T(13, gen=UC_RUNS)), c(T(13, gen=UC_RUNS), True), c(T(13, gen=UC_RUNS), False, True),
    c(T(13, gen=UC_RUNS), True, True), c(T(3, 13, gen=UC_RUNS), True, True), c(T(40, gen=SORT_TIES), True, True),
    c(T(4, 5, gen=UC_RUNS, layout="transposed"), True, True),
    c(T(20, dtype=i64, gen=U(0, 2)), True, True), c(T(20, dtype=b8), True, True),
    c(T(13, dtype=bf16, gen=UC_RUNS), True, True), c(T(13, dtype=u8, gen=U(0, 2)), True, True),
    c(T(), True, True), c(T(0), True, True), c(T(0, 3), True, True),
    c(T(6, 2, gen=UDIM_ROWS), True, True, 0), c(T(6, 2, gen=UDIM_ROWS), True, True, 1),
    c(T(6, 2, gen=V(1.0, 2.0, 1.0, 2.0, 3.0, 4.0, 3.0, 4.0, 1.0, 2.0)), False, False, 0),
    c(T(0, 3), True, True, 0), c(T(3, 4), True, True, 2).raises(), c(T(0, 3), True, True, 1).raises(),
    c(T(3, dtype=f16)).raises(), c(T(3, 2, dtype=f16), False, False, 0).raises(),
], form="aten", family="unique")

BINS = U(0, 6)

op("bincount", [
    c(I(20, hi=6)), c(I(20, hi=6), minlength=10), c(I(20, hi=6), None, 3), c(I(5, hi=3), T(5)),
    c(I(5, hi=3), T(5, dtype=f64)), c(I(5, hi=3), T(5, dtype=i64)), c(I(5, hi=3), T(5, dtype=f16)),
    c(I(5, hi=3), T(5, dtype=b8)), c(I(5, hi=3), T(5, dtype=bf16)), c(I(5, hi=3), weights=T(5), minlength=6),
    c(T(20, dtype=u8, gen=BINS)), c(T(20, dtype=i8, gen=BINS)), c(T(20, dtype=i32, gen=BINS)),
    c(T(20, dtype=i16, gen=BINS)), c(I(6, hi=4, layout="strided"), T(6, layout="strided")),
    c(T(0, dtype=i64)), c(T(0, dtype=i64), T(0), 4), c(T(0, dtype=i64), minlength=2),
    c(I(2, 2, hi=3)).raises(), c(T(3, dtype=i64, gen=V(1, -1, 2))).raises(), c(I(3, hi=3), T(4)).raises(),
    c(I(3, hi=3), minlength=-1).raises(), c(T(3)).raises(), c(T(3, dtype=b8)).raises(),
    c(T(dtype=i64, gen=V(3))).raises(), c(I(3, hi=3), T(3, 1)).raises(), c(I(20, hi=6)).method(),
], family="unique")

HIST_GEN = U(-1.0, 6.0)

op("histc", [
    c(T(50, gen=HIST_GEN)), c(T(50, gen=HIST_GEN), 7), c(T(50, gen=HIST_GEN), 5, 0, 5), c(T(50, gen=HIST_GEN), 4, 1.5, 3),
    c(T(21, gen=Ar(0.0, 0.25)), 10, 0, 5), c(T(21, gen=Ar(0.0, 0.1)), 20, 0, 2), c(T(30, gen=Ar(-1.0, 0.1)), 3),
    c(T(8, gen=V(1.0, 2.0, 2.0, 3.0, 5.0, 7.0, 7.0, 7.0)), 4), c(T(4, gen=V(2.0)), 3), c(T(5, gen=V(1.0, NAN)), 3, 0, 3), c(T(6, dtype=bf16, gen=V(1.0, NAN, 2.5)), 3, 0, 3),
    c(T(200, gen=U(-1.0, 6.0)), 13, -0.7, 5.3), c(T(200, dtype=f64, gen=U(-1.0, 6.0)), 11, -0.7, 5.3),
    c(T(200, dtype=bf16, gen=U(-1.0, 6.0)), 13, -0.7, 5.3),
    c(T(2, gen=V(0.827907383441925, 1.1405515670776367)), 15, 0.5152631998062134, 1.453195869922638),
    c(T(3, gen=V(0.556582510471344, 0.6437960863113403, 0.6505048274993896)), 28, 0.46936893463134766, 0.6572135984897614),
    c(T(5, gen=V(1.0, INF, -INF, 2.0)), 3, 0, 3), c(T(5, 4, gen=HIST_GEN)), c(T(5, 4, gen=HIST_GEN, layout="transposed"), 6),
    c(T(50, gen=HIST_GEN, dtype=f64), 9), c(T(50, gen=HIST_GEN, dtype=bf16), 9), c(T(50, gen=HIST_GEN, dtype=bf16), 6, -1, 6),
    c(T(gen=V(2.0)), 3), c(T(0), 3), c(T(0), 3, 1, 1), c(T(10, gen=HIST_GEN), 1000, -1, 6),
    c(T(5), 0).raises(), c(T(5), -1).raises(), c(T(5), 3, 5, 1).raises(),
    c(T(5, gen=V(1.0, INF)), 3).raises(), c(T(5, dtype=f16), 3).raises(), c(T(5, dtype=f16), 3, 0, 1).raises(),
    c(T(5, dtype=i64), 3).raises(), c(T(5, dtype=b8), 3).raises(), c(T(50, gen=HIST_GEN), 7).method(),
    c(T(50, gen=HIST_GEN), 7).out(T(0)), c(T(50, gen=HIST_GEN), 7).out(T(2, 2)),
    c(T(50, gen=HIST_GEN), 7).out(T(0, dtype=f64)).raises(),
], family="unique")

SEQ = Ar(0.0, 1.0)

op("searchsorted", [
    c(T(6, gen=SEQ), T(3, 4, gen=U(-1.0, 7.0))), c(T(6, gen=SEQ), T(3, 4, gen=U(-1.0, 7.0)), right=True),
    c(T(6, gen=SEQ), T(8, gen=Ar(-1.0, 1.0))), c(T(6, gen=SEQ), T(8, gen=Ar(-1.0, 1.0)), right=True),
    c(T(6, gen=SEQ), T(8, gen=Ar(-1.0, 1.0)), side="right"), c(T(6, gen=SEQ), T(8, gen=Ar(-1.0, 1.0)), side="left"),
    c(T(6, gen=SEQ), T(8, gen=Ar(-1.0, 1.0)), right=True, side="right"),
    c(T(6, gen=V(0.0, 1.0, 1.0, 1.0, 2.0, 3.0)), T(4, gen=V(1.0, 0.5, 3.0, 2.0)), right=True),
    c(T(6, gen=V(0.0, 1.0, 1.0, 1.0, 2.0, 3.0)), T(4, gen=V(1.0, 0.5, 3.0, 2.0))),
    c(T(2, 5, gen=SEQ), T(2, 3, gen=U(-1.0, 11.0))), c(T(2, 3, 5, gen=SEQ), T(2, 3, 2, gen=U(-1.0, 31.0)), right=True),
    c(T(5, gen=V(1.0, 2.0, 3.0, NAN, NAN)), T(4, gen=V(NAN, 2.0, 5.0, INF))),
    c(T(5, gen=V(1.0, 2.0, 3.0, NAN, NAN)), T(4, gen=V(NAN, 2.0, 5.0, INF)), right=True),
    c(T(5, gen=V(3.0, 1.0, 2.0, 0.0, 5.0)), T(4, gen=V(2.5, 0.0, 9.0, 1.0)), sorter=T(5, dtype=i64, gen=V(3, 1, 2, 0, 4))),
    c(T(2, 3, gen=V(3.0, 1.0, 2.0, 0.0, 5.0, 4.0)), T(2, 2, gen=V(2.5, 0.0, 9.0, 4.5)),
      sorter=T(2, 3, dtype=i64, gen=V(1, 2, 0, 0, 2, 1)), right=True),
    c(T(6, gen=SEQ), T(4), out_int32=True), c(T(6, gen=SEQ), 2.5), c(T(6, gen=SEQ), 3, right=True),
    c(T(6, dtype=i64, gen=Ar(0, 1)), T(4, gen=V(2.5, -1.0, 7.5, 3.0))), c(T(6, dtype=i64, gen=Ar(0, 1)), 2.5),
    c(T(6, dtype=u8, gen=Ar(0, 1)), 300), c(T(6, gen=SEQ), T(4, dtype=i64, gen=V(2, 0, 9, -1))),
    c(T(6, dtype=f64, gen=SEQ), T(4)), c(T(6, dtype=f16, gen=SEQ), T(4, dtype=f16, gen=U(0.0, 6.0))),
    c(T(6, dtype=bf16, gen=SEQ), T(4, dtype=bf16, gen=U(0.0, 6.0)), right=True),
    c(T(6, dtype=i32, gen=Ar(0, 2)), T(5, dtype=i32, gen=U(-1, 12))),
    c(T(6, gen=SEQ), T(3, 4, gen=U(-1.0, 7.0), layout="transposed")), c(T(12, gen=SEQ, layout="strided"), T(5)),
    c(T(6, gen=SEQ), T(0)), c(T(6, gen=SEQ), T(0, 3)), c(T(6, gen=SEQ), T()), c(T(0), T(3)),
    c(T(6, gen=SEQ), T(3), side="mid").raises(), c(T(6, gen=SEQ), T(3), right=True, side="left").raises(),
    c(T(2, 3, gen=SEQ), T(3, 3)).raises(), c(T(gen=V(1.0)), T(3)).raises(), c(T(2, 3, gen=SEQ), 1.0).raises(),
    c(T(3, gen=SEQ), T(2), sorter=T(3, dtype=i32, gen=V(0, 1, 2))).raises(),
    c(T(3, gen=SEQ), T(2), sorter=T(2, dtype=i64, gen=V(0, 1))).raises(), c(T(3, dtype=b8), T(2, dtype=b8)).raises(),
    c(T(6, gen=SEQ), T(4)).out(T(0, dtype=i64)), c(T(6, gen=SEQ), T(4), out_int32=True).out(T(0, dtype=i32)),
    c(T(6, gen=SEQ), T(4)).out(T(0)).raises(), c(T(6, gen=SEQ), T(4), out_int32=True).out(T(0, dtype=i64)).raises(),
], family="unique")

op("bucketize", [
    c(T(3, 4, gen=U(-1.0, 7.0)), T(6, gen=SEQ)), c(T(3, 4, gen=U(-1.0, 7.0)), T(6, gen=SEQ), right=True),
    c(T(8, gen=Ar(-1.0, 1.0)), T(6, gen=SEQ)), c(T(8, gen=Ar(-1.0, 1.0)), T(6, gen=SEQ), right=True),
    c(T(8, gen=Ar(-1.0, 1.0)), T(6, gen=SEQ), out_int32=True), c(2, T(6, gen=SEQ)), c(2.5, T(6, gen=SEQ), right=True),
    c(T(4, gen=V(NAN, 2.0, 5.0, -INF)), T(5, gen=V(1.0, 2.0, 3.0, NAN, NAN))),
    c(T(4, dtype=i64, gen=V(2, 0, 9, -1)), T(6, gen=SEQ)), c(T(4, gen=V(2.5, -1.0, 7.5, 3.0)), T(6, dtype=i64, gen=Ar(0, 1))),
    c(T(3, 4, gen=U(-1.0, 7.0), layout="transposed"), T(6, gen=SEQ)), c(T(0, 3), T(6, gen=SEQ)), c(T(), T(6, gen=SEQ)),
    c(T(3), T(2, 3, gen=SEQ)).raises(), c(T(3), T(gen=V(1.0))).raises(), c(T(3, dtype=b8), T(2, dtype=b8)).raises(),
    c(T(3, 4), T(6, gen=SEQ)).out(T(0, dtype=i64)),
    c(T(3, 4), T(6, gen=SEQ)).out(T(0)).raises(),
], family="unique")

op("diff", [
    c(T(3, 5)), c(T(3, 5), 2), c(T(3, 5), 1, 0), c(T(3, 5), 2, -2), c(T(3, 5), 4), c(T(3, 5), 5), c(T(3, 5), 9),
    c(T(3, 5), 0), c(T(3, 5), -1), c(T(7)), c(T(2, 3, 4), 1, 1),
    c(T(3, 5), 1, 1, T(3, 2)), c(T(3, 5), 1, 1, None, T(3, 1)), c(T(3, 5), 2, 0, T(1, 5), T(2, 5)),
    c(T(3, 5), 1, 1, T(3, 1, dtype=i64)), c(T(3, 5, dtype=i64), 1, 1, T(3, 1)), c(T(3, 5), 0, 1, T(3, 2)),
    c(T(3, 5), -1, 1, T(3, 2)),
    c(T(4, 3, layout="transposed")), c(T(3, 8, layout="strided"), 2), c(T(4, 3, layout="expanded"), 1, 0),
    c(T(6, dtype=b8)), c(T(6, dtype=b8), 2), c(T(6, dtype=u8, gen=U(0, 20)), 1), c(T(6, dtype=i8), 3),
    c(T(6, dtype=f16)), c(T(6, dtype=bf16), 2), c(T(6, dtype=f64), 3), c(T(0, 3)), c(T(0, 3), 1, 0), c(T(3, 0)),
    c(T()).raises(), c(T(3, 5), 1, 2).raises(), c(T(3, 5), 1, 1, T(2)).raises(), c(T(3, 5), 1, 1, T()).raises(),
    c(T(3, 5), 1, 1, T(2, 1)).raises(), c(T(3, 5), 1, 0, None, T(1, 4)).raises(), c(T(3, 5)).method(),
    c(T(3, 5)).out(T(0)), c(T(3, 5), 2).out(T(3, 3)), c(T(3, 5)).out(T(0, dtype=i64)).raises(),
    c(T(3, 5, dtype=i64)).out(T(0)),
], family="scan")

op("trace", [
    c(T(3, 3)), c(T(3, 5)), c(T(5, 3)), c(T(4, 4, layout="transposed")), c(T(3, 8, layout="strided")),
    c(T(3, 3, layout="expanded")), c(T(4, 3, layout="offset")), c(T(50, 50, gen=U(0.0, 1.0))),
    c(T(4, 4, dtype=f64)), c(T(4, 4, dtype=i64)), c(T(4, 4, dtype=u8, gen=U(0, 200))), c(T(4, 4, dtype=i8)),
    c(T(4, 4, dtype=i32)), c(T(0, 3)), c(T(0, 0)), c(T(3)).raises(), c(T(2, 2, 2)).raises(), c(T()).raises(),
    c(T(3, 3, dtype=b8)).raises(), c(T(3, dtype=b8)).raises(), c(T(3, 3, dtype=f16)).raises(),
    c(T(3, 3, dtype=bf16)).raises(), c(T(3, 3)).method(),
], family="scan")

op("dist", [
    c(T(3, 4), T(3, 4)), c(T(3, 4), T(4)), c(T(3, 1), T(1, 4)), c(T(3, 4), T(3, 4), 1), c(T(3, 4), T(3, 4), 0),
    c(T(3, 4), T(3, 4), 3), c(T(3, 4), T(3, 4), 0.5), c(T(3, 4), T(3, 4), INF), c(T(3, 4), T(3, 4), -INF),
    c(T(3, 4), T(3, 4), -1), c(T(4, 3, layout="transposed"), T(3, layout="strided")),
    c(T(3, 4), T(3, 4, dtype=f64)), c(T(3, 4), T(4, dtype=i64)), c(T(3, 4, dtype=f64), T(3, 4, dtype=f64), 3),
    c(T(3, 4, dtype=f16), T(3, 4, dtype=f16)), c(T(3, 4, dtype=bf16), T(3, 4, dtype=bf16)), c(T(), T()),
    c(T(0, 3), T(3)), c(T(3, 4, dtype=i64), T(3, 4, dtype=i64)).raises(), c(M(3), M(3)).raises(),
    c(T(3, 4), T(5)).raises(), c(T(3, 4), T(3, 4)).method(),
], family="scan")

op("renorm", [
    c(T(3, 4), 2, 0, 1.0), c(T(3, 4), 2, 1, 1.0), c(T(3, 4), 1, 0, 0.5), c(T(3, 4), 3, -1, 1.0),
    c(T(3, 4), INF, 1, 1.0), c(T(3, 4), 2, 0, 0), c(T(3, 4), 2, 0, 100.0), c(T(2, 3, 4), 2, 1, 1.5),
    c(T(2, 3, 4), 1.5, 2, 0.7), c(T(4, 3, layout="transposed"), 2, 0, 1.0), c(T(3, 8, layout="strided"), 2, 1, 1.0),
    c(T(3, 4, dtype=f64), 2, 0, 1.0), c(T(3, 4, dtype=f16), 2, 0, 1.0), c(T(3, 4, dtype=bf16), 2, 0, 1.0),
    c(T(0, 3), 2, 1, 1.0), c(T(3, 0), 2, 0, 1.0),
    c(T(3, 4), 0, 0, 1.0).raises(), c(T(3, 4), -1, 0, 1.0).raises(), c(T(3, 4), 2, 0, -1.0).raises(),
    c(T(4), 2, 0, 1.0).raises(), c(T(), 2, 0, 1.0).raises(), c(T(3, 4), 2, 2, 1.0).raises(),
    c(T(3, 4, dtype=i64), 2, 0, 1.0).raises(), c(T(3, 4), 2, 0, 1.0).method(), c(T(3, 4), 2, 0, 1.0).inplace(),
    c(T(3, 4, dtype=f64), 2, 1, 0.5).inplace(), c(T(4), 2, 0, 1.0).inplace().raises(),
    c(T(3, 4), 2, 0, 1.0).out(T(0)), c(T(3, 4), 2, 0, 1.0).out(T(0, dtype=f64)).raises(),
], family="scan")

# ============================== special pointwise (special.cpp) ==============================
HEAVI = V(-1.5, 0.0, 2.0, NAN, -0.0, INF, -INF, 0.25)

op("heaviside", [
    c(T(8, gen=HEAVI), T(8)), c(T(8, gen=HEAVI), T(1)), c(T(2, 8, gen=HEAVI), T(8)), c(T(8, gen=HEAVI), T()),
    c(T(8, gen=HEAVI), T(8, gen=V(NAN, 0.5))), c(T(4, 3, layout="transposed"), T(3, layout="strided")),
    c(T(8, dtype=f64, gen=HEAVI), T(8, dtype=f64)), c(T(8, dtype=f16, gen=HEAVI), T(8, dtype=f16)),
    c(T(8, dtype=bf16, gen=HEAVI), T(8, dtype=bf16)), c(T(8, dtype=i64, gen=U(-2, 3)), T(8, dtype=i64)),
    c(T(8, dtype=u8, gen=U(0, 3)), T(8, dtype=u8)), c(T(8, dtype=b8), T(8, dtype=b8)), c(T(0, 3), T(3)),
    c(T(8), T(8, dtype=f64)).raises(), c(T(8), T(dtype=i64)).raises(), c(T(3), T(4)).raises(),
    c(T(8, gen=HEAVI), T(8)).method(), c(T(8, gen=HEAVI), T(8)).inplace(), c(T(8, gen=HEAVI), T(8)).out(T(0)),
    c(T(8), T(8)).out(T(0, dtype=f64)).raises(), c(T(8), T(8, dtype=f64)).inplace().raises(),
], family="special")

NEXTA = V(-1.5, 0.0, 2.0, NAN, -0.0, INF, -INF, 1e-45, 3.0)

op("nextafter", [
    c(T(9, gen=NEXTA), T(9, gen=V(1.0, -1.0, 2.0, 0.0, 0.0, 0.0, INF, 0.0, NAN))), c(T(9, gen=NEXTA), T(1)),
    c(T(9, gen=NEXTA), T(9, gen=V(-0.0, 0.0))), c(T(2, 9, gen=NEXTA), T(9, gen=V(5.0, -5.0))),
    c(T(9, gen=NEXTA, dtype=f64), T(9, dtype=f64)), c(T(9, gen=NEXTA, dtype=bf16), T(9, dtype=bf16)),
    c(T(9, gen=NEXTA, dtype=bf16), T(9, dtype=bf16, gen=V(-0.0, 0.0, INF, -INF))),
    c(T(9, gen=NEXTA), T(9, dtype=f64)), c(T(9, gen=NEXTA), T(9, dtype=i64)),
    c(T(4, 3, layout="transposed"), T(3, layout="strided")), c(T(0, 3), T(3)), c(T(), T()),
    c(T(3, dtype=f16), T(3, dtype=f16)).raises(), c(T(3, dtype=i64), T(3, dtype=i64)).raises(),
    c(T(3), T(4)).raises(), c(T(9, gen=NEXTA), T(9)).method(), c(T(9, gen=NEXTA), T(9)).inplace(),
    c(T(9, gen=NEXTA), T(9)).out(T(0)), c(T(3), T(3, dtype=f64)).inplace(), c(T(3, dtype=i64), T(3)).inplace().raises(),
], family="special")

op("i0", [
    c(T(20, gen=U(-10.0, 10.0))), c(T(9, gen=V(0.0, 0.5, 1.0, 8.0, 8.5, -3.0, 30.0, NAN, INF))),
    c(T(4, 5, gen=U(-20.0, 20.0), layout="transposed")), c(T(20, dtype=f64, gen=U(-50.0, 50.0))),
    c(T(9, dtype=bf16, gen=U(-9.0, 9.0))), c(T(9, dtype=i64, gen=U(-6, 6))), c(T(5, dtype=b8)),
    c(T(9, dtype=u8, gen=U(0, 12))), c(T()), c(T(0, 3)), c(T(3, dtype=f16)).raises(),
    c(T(20, gen=U(-10.0, 10.0))).method(), c(T(20, gen=U(-10.0, 10.0))).inplace(),
    c(T(20, gen=U(-10.0, 10.0))).out(T(0)), c(T(9, dtype=i64)).out(T(0, dtype=f64)),
    c(T(9, dtype=i64)).out(T(0, dtype=i64)).raises(), c(T(9, dtype=i64)).inplace().raises(),
], family="special")

op("special_i1", [
    c(T(20, gen=U(-10.0, 10.0))), c(T(11, gen=V(0.0, 0.5, 1.0, 8.0, 8.5, -3.0, 30.0, 1e-3, NAN, INF, -INF))),
    c(T(4, 5, gen=U(-20.0, 20.0), layout="transposed")), c(T(20, dtype=f64, gen=U(-50.0, 50.0))),
    c(T(6, dtype=f64, gen=V(1e-300, -1e-8, 100.0, 700.0, -713.0, 720.0))),
    c(T(9, dtype=i64, gen=U(-6, 6))), c(T(5, dtype=b8)), c(T()), c(T(0, 3)),
    c(T(3, dtype=f16)).raises(prefix="\"i1_cpu\" not implemented"),
], family="special", form="aten")

ENTR_EDGES = V(0.0, -0.0, 1.0, 0.5, -0.5, 1e-30, 2.0, 1e30, NAN, INF, -INF)

op("special_entr", [
    c(T(3, 4, gen=U(0.0, 3.0))), c(T(4, 3, gen=U(0.0, 3.0), layout="transposed")), c(T(gen=U(0.0, 3.0))),
    c(T(2, 5, dtype=f64, gen=U(-1.0, 3.0), layout="strided")), c(T(0, 3)), c(T(6, dtype=bf16, gen=U(0.0, 3.0))),
    c(T(2, 3, dtype=i64, gen=U(-2, 5))), c(T(4, dtype=i32, gen=U(0, 5))), c(T(5, dtype=u8, gen=U(0, 20))),
    c(T(3, 2, gen=U(0.0, 3.0), layout="offset")), c(T(3, 4, gen=U(0.0, 3.0), layout="expanded")), c(T(5, dtype=b8)),
    c(T(6, dtype=f16, gen=U(0.0, 3.0))).raises(prefix="\"entr_cpu\" not implemented"),
    c(T(11, gen=ENTR_EDGES)), c(T(11, dtype=f64, gen=ENTR_EDGES)), c(T(11, dtype=bf16, gen=ENTR_EDGES)),
    c(T(40, gen=U(0.0, 50.0))), c(T(5, 7, dtype=f64, gen=U(0.0, 8.0), layout="transposed")),
    c(T(2, 3, gen=U(0.0, 3.0))).out(T(2, 3)), c(T(2, 3, gen=U(0.0, 3.0))).out(T(0)),
    c(T(2, 3, gen=U(0.0, 3.0))).out(T(2, 3, dtype=f64)), c(T(3, dtype=i64, gen=U(0, 5))).out(T(3, dtype=i64)).raises(),
], family="special")

PG = V(0.5, 1.0, 2.0, 3.0, 30.0, -1.0, 0.0, -2.5, 1e-3, 7.25, NAN, INF)

op("polygamma", [
    c(1, T(12, gen=PG)), c(2, T(12, gen=PG)), c(3, T(12, gen=PG)), c(4, T(12, gen=PG)), c(0, T(12, gen=PG)),
    c(1, T(30, gen=U(0.1, 20.0))), c(2, T(30, gen=U(0.1, 20.0))), c(5, T(30, gen=U(0.5, 20.0))),
    c(1, T(30, gen=U(-5.0, 0.0))), c(3, T(4, 5, gen=U(0.2, 9.0), layout="transposed")),
    c(1, T(12, dtype=f64, gen=PG)), c(2, T(12, dtype=f64, gen=PG)), c(6, T(30, dtype=f64, gen=U(0.1, 20.0))),
    c(2, T(6, dtype=bf16, gen=U(0.5, 5.0))), c(1, T(6, dtype=bf16, gen=U(0.5, 5.0))),
    c(2, T(6, dtype=i64, gen=U(1, 6))), c(1, T(4, dtype=b8)), c(2, T()), c(2, T(0, 3)),
    c(-1, T(3)).raises(), c(2, T(3, dtype=f16)).raises(), c(1, T(3, dtype=f16)).raises(),
    c(T(12, gen=PG), 2).op("polygamma").inplace(), c(T(12, gen=PG), 1).op("polygamma").inplace(),
    c(T(12, gen=PG), 0).op("polygamma").inplace(), c(T(4, dtype=i64), 2).op("polygamma").inplace().raises(),
    c(2, T(12, gen=PG)).out(T(0)), c(2, T(5, dtype=i64)).out(T(0, dtype=f64)).tol(1e-5, 1e-5), c(0, T(5)).out(T(0)),
    c(2, T(5, dtype=i64)).out(T(0, dtype=i64)).raises(),
], tol={"float32": (1e-5, 1e-5), "float64": (1e-10, 1e-10)}, family="special")


def shifts(name):
    return [
        c(T(8, dtype=i64, gen=U(-50, 50)), T(8, dtype=i64, gen=U(0, 10))),
        c(T(8, dtype=i32, gen=U(-50, 50)), T(8, dtype=i32, gen=U(0, 31))),
        c(T(8, dtype=i16, gen=U(-50, 50)), T(8, dtype=i16, gen=U(0, 15))),
        c(T(8, dtype=i8, gen=U(-50, 50)), T(8, dtype=i8, gen=U(0, 7))),
        c(T(8, dtype=u8, gen=U(0, 255)), T(8, dtype=u8, gen=U(0, 7))),
        c(T(8, dtype=i64, gen=U(-50, 50)), T(8, dtype=i64, gen=V(62, 63, 0, 1))),
        c(T(8, dtype=i8, gen=U(-50, 50)), T(8, dtype=i64, gen=U(0, 7))), c(T(2, 8, dtype=i64), T(8, dtype=i64, gen=U(0, 5))),
        c(T(8, dtype=i64), 3), c(T(8, dtype=i8, gen=U(-9, 10)), 2), c(T(8, dtype=u8), 9), c(3, T(8, dtype=i64, gen=U(0, 6))),
        c(5, T(8, dtype=i8, gen=U(0, 4))), c(T(4, 3, dtype=i64, layout="transposed"), T(3, dtype=i64, gen=U(0, 4), layout="strided")),
        c(T(0, 3, dtype=i64), T(3, dtype=i64)), c(T(dtype=i32), T(dtype=i32)),
        c(T(3), T(3)).raises(), c(T(3, dtype=b8), T(3, dtype=b8)).raises(), c(T(3, dtype=i64), 1.5).raises(),
        c(T(3, dtype=i64), T(4, dtype=i64)).raises(),
        c(T(8, dtype=i64), T(8, dtype=i64, gen=U(0, 5))).method(), c(T(8, dtype=i64), T(8, dtype=i64, gen=U(0, 5))).inplace(),
        c(T(8, dtype=i8), T(8, dtype=i64, gen=U(0, 5))).inplace(), c(T(8, dtype=i64), 2).inplace(),
        c(T(8, dtype=i64), T(8, dtype=i64, gen=U(0, 5))).out(T(0, dtype=i64)), c(T(8, dtype=i64), 2).out(T(0, dtype=i64)),
    ]


op("bitwise_left_shift", shifts("bitwise_left_shift"), family="special")
op("bitwise_right_shift", shifts("bitwise_right_shift"), family="special")
# __lshift__/__rshift__ (and __ilshift__/__irshift__) share these kernels; the harness reads a
# trailing '_' as in-place, so they have no samples of their own.

# ============================== movement and structured matrices (movement.cpp) ==============================
op("repeat", [
    c(T(2, 3), [2, 2]), c(T(2, 3), [1, 1]), c(T(2, 3), [3, 1, 2]), c(T(3), [2, 3]), c(T(), [3]), c(T(), []),
    c(T(2, 3), [2, 0]), c(T(0, 3), [2, 2]), c(T(3, 2, layout="transposed"), [2, 1]), c(T(2, 6, layout="strided"), [1, 2]),
    c(T(3, 2, layout="expanded"), [2, 2]), c(T(2, 3, dtype=i64), [2, 1]), c(T(2, 3, dtype=b8), [1, 2]),
    c(T(2, 3, dtype=f16), [2, 2]), c(T(2, 3), [2]).raises(), c(T(2, 3), [2, -1]).raises(),
], form="method", family="movement")

op("tile", [
    c(T(2, 3), [2, 2]), c(T(2, 3), [2]), c(T(2, 3), [3, 1, 2]), c(T(3), [2, 3]), c(T(), [3]), c(T(2, 3), []),
    c(T(3, 2, layout="transposed"), [2]), c(T(2, 3, dtype=i64), [2, 1]), c(T(0, 2), [2, 2]),
    c(T(2, 3), [2, -1]).raises(), c(T(2, 3), [2, 2]).method(),
], family="movement")

op("repeat_interleave", [
    c(T(2, 3), 2), c(T(2, 3), 2, 0), c(T(2, 3), 3, 1), c(T(2, 3), 2, -1), c(T(2, 3), T(2, dtype=i64, gen=V(1, 2)), 0),
    c(T(2, 3), T(3, dtype=i64, gen=V(0, 2, 1)), 1), c(T(2, 3), T(dtype=i64, gen=V(2)), 0),
    c(T(2, 3), T(1, dtype=i64, gen=V(2)), 1), c(T(2, 3), T(6, dtype=i64, gen=V(1, 0, 2))),
    c(T(2, 3), T(2, dtype=i32, gen=V(1, 2)), 0), c(T(2, 3), T(2, dtype=i64, gen=V(1, 2)), 0, output_size=3),
    c(T(3, 2, layout="transposed"), 2, 1), c(T(2, 3, dtype=i64), 2, 0), c(T(2, 3, dtype=b8), 2), c(T(0, 3), 2, 0),
    c(T(), 3), c(T(dtype=i64, gen=V(3))).raises(), c(T(3, dtype=i64, gen=V(1, 2, 0))), c(T(3, dtype=i32, gen=V(2, 0, 3))),
    c(T(0, dtype=i64)), c(T(3, dtype=i64, gen=V(1, 2, 0)), output_size=3),
    c(T(2, 3), -1).raises(), c(T(2, 3), T(3, dtype=i64, gen=V(1, 2, 3)), 0).raises(),
    c(T(2, 3), T(1, 2, dtype=i64, gen=V(1, 2)), 1).raises(), c(T(2, 3), T(2, gen=V(1.0, 2.0)), 0).raises(),
    c(T(2, 3), T(2, dtype=i64, gen=V(1, -2)), 0).raises(), c(T(1, 2, dtype=i64, gen=V(1, 2))).raises(),
    c(T(2, 3), T(2, dtype=i64, gen=V(1, 2)), 0, output_size=4).raises(), c(T(2, 3), 2, 2).raises(),
    c(T(2, 3), 2, 1).method(),
], family="movement")

op("flip", [
    c(T(2, 3), [0]), c(T(2, 3), [1]), c(T(2, 3), [0, 1]), c(T(2, 3), [-1]), c(T(2, 3), []), c(T(2, 3, 4), [0, 2]),
    c(T(2, 3, 4), [1]), c(T(4, 3, layout="transposed"), [0]), c(T(3, 5, layout="strided"), [1]),
    c(T(3, 4, layout="expanded"), [0, 1]), c(T(3, 4, layout="offset"), [1]), c(T(40, 50), [0, 1]),
    c(T(3, 4, dtype=i64), [1]), c(T(3, 4, dtype=b8), [0]), c(T(3, 4, dtype=f16), [1]), c(T(3, 4, dtype=u8), [0, 1]),
    c(T(3, 4, dtype=f64), [1]), c(T(3, 4, dtype=i16), [0]), c(T(), [0]), c(T(), []), c(T(0, 3), [0, 1]),
    c(T(2, 3), [0, 0]).raises(), c(T(2, 3), [0, -2]).raises(), c(T(2, 3), [2]).raises(), c(T(2, 3), [1]).method(),
], family="movement")
op("fliplr", [c(T(2, 3)), c(T(2, 3, 4)), c(T(4, 3, layout="transposed")), c(T(3, 4, dtype=i64)), c(T(0, 3)),
              c(T(3)).raises(), c(T()).raises(), c(T(2, 3)).method()], family="movement")
op("flipud", [c(T(2, 3)), c(T(4)), c(T(2, 3, 4)), c(T(4, 3, layout="transposed")), c(T(3, 4, dtype=b8)), c(T(0, 3)),
              c(T()).raises(), c(T(2, 3)).method()], family="movement")

op("roll", [
    c(T(2, 5), 1), c(T(2, 5), -3), c(T(2, 5), 13), c(T(2, 5), 1, 1), c(T(2, 5), -1, 0), c(T(2, 5), [1, 2], [0, 1]),
    c(T(2, 5), [7, -8], [1, 0]), c(T(2, 3, 4), [1, 1, 1], [0, 1, 2]), c(T(2, 5), 0, 1), c(T(2, 5), 5, 1),
    c(T(5, 2, layout="transposed"), 2, 1), c(T(2, 5, layout="strided"), 3), c(T(2, 5, dtype=i64), 2, 1),
    c(T(2, 5, dtype=b8), 1, 1), c(T(), 1), c(T(0, 3), 1, 0), c(T(0, 3), 2),
    c(T(2, 5), [1, 2], [0]).raises(), c(T(2, 5), [1, 2]).raises(), c(T(2, 5), 1, 2).raises(),
    c(T(2, 5), 2, 1).method(),
], family="movement")

op("rot90", [
    c(T(2, 3)), c(T(2, 3), 2), c(T(2, 3), 3), c(T(2, 3), 4), c(T(2, 3), 0), c(T(2, 3), -1), c(T(2, 3), -6),
    c(T(2, 3, 4), 1, [1, 2]), c(T(2, 3, 4), 1, [2, 0]), c(T(2, 3, 4), 3, [-1, -3]), c(T(4, 3, layout="transposed"), 1),
    c(T(3, 4, dtype=i64), 1), c(T(3, 4, dtype=b8), 2), c(T(0, 3), 1),
    c(T(2, 3), 1, [0, 1, 2]).raises(), c(T(3), 1, [0, 1]).raises(), c(T(2, 3), 1, [0, 0]).raises(),
    c(T(2, 3), 1, [0, -2]).raises(), c(T(2, 3), 1, [0, 2]).raises(), c(T(2, 3), 1, [-3, 1]).raises(),
    c(T(2, 3), 1, [0, 3]).raises(), c(T(2, 3), 1).method(),
], family="movement")


def triangle_samples():
    return [
        c(T(4, 5)), c(T(4, 5), 1), c(T(4, 5), -1), c(T(4, 5), 10), c(T(4, 5), -10), c(T(2, 3, 4), 0), c(T(5, 4), 2),
        c(T(5, 4, layout="transposed"), 1), c(T(3, 8, layout="strided")), c(T(3, 4, layout="expanded")),
        c(T(4, 5, dtype=i64), -1), c(T(4, 5, dtype=b8)), c(T(4, 5, dtype=f16), 1), c(T(4, 5, dtype=u8)),
        c(T(4, 5, dtype=f64)), c(T(0, 3)), c(T(3, 0)), c(T(2, 0, 3)), c(T(4, 5, gen=V(NAN, 1.0))),
        c(T(3)).raises(), c(T()).raises(), c(T(4, 5), 1).method(), c(T(4, 5), 1).inplace(),
        c(T(4, 5), -1).inplace(), c(T(4, 5)).out(T(0)), c(T(4, 5), 2).out(T(3, 3)),
        c(T(4, 5)).out(T(0, dtype=i64)).raises(),
    ]


op("tril", triangle_samples(), family="movement")
op("triu", triangle_samples(), family="movement")

op("diag", [
    c(T(3)), c(T(3), 1), c(T(3), -2), c(T(4, 5)), c(T(4, 5), 1), c(T(4, 5), -2), c(T(4, 5), 5), c(T(4, 5), -4), c(T(4, 5), 6).raises(), c(T(4, 5), -5).raises(),
    c(T(5, 4, layout="transposed"), 1), c(T(6, layout="strided")), c(T(3, dtype=i64)), c(T(3, dtype=b8), 1),
    c(T(0)), c(T(0, 3)), c(T(0), 2), c(T()).raises(), c(T(2, 2, 2)).raises(), c(T(4, 5), 1).method(),
    c(T(3), 1).out(T(0)), c(T(4, 5)).out(T(0)), c(T(3)).out(T(0, dtype=i64)).raises(),
], family="movement")
op("diag_embed", [
    c(T(3)), c(T(2, 3)), c(T(2, 3), 1), c(T(2, 3), -2), c(T(2, 3), 0, 0, 2), c(T(2, 3), 1, 2, 0), c(T(2, 3), 0, -1, -3),
    c(T(2, 3, 4), 1, 1, 3), c(T(3, 2, layout="transposed")), c(T(2, 3, dtype=i64)), c(T(2, 3, dtype=b8), -1),
    c(T(0, 3)), c(T(2, 0)), c(T(2, 3), 0, 1, 1).raises(), c(T(2, 3), 0, -1, 2).raises(), c(T(2, 3), 0, 0, 3).raises(),
    c(T()).raises(), c(T(2, 3)).method(),
], family="movement")
op("diagflat", [
    c(T(3)), c(T(3), 1), c(T(2, 3), -1), c(T(2, 2, 2)), c(T()), c(T(0)), c(T(3, 2, layout="transposed"), 2),
    c(T(3, dtype=i64)), c(T(3, dtype=b8)), c(T(2, 3)).method(),
], family="movement")

op("broadcast_tensors", [
    c([T(2, 1), T(3), T()]), c([T(3), T(3)]), c([T(4, 1, 3), T(2, 1)]), c([T(2, 1, dtype=i64), T(3, dtype=b8)]),
    c([T(3, 1, layout="transposed"), T(1, 4)]), c([T(0, 1), T(3)]), c([T(3)]), c([]),
    c([T(2), T(3)]).raises(),
], form="aten", views=True, family="movement")

op("meshgrid", [
    c([T(2), T(3)]), c([T(2), T(3), T(4)]), c([T(), T(3)]), c([T(3)]), c([T(2, dtype=i64), T(3, dtype=i64)]),
    c([T(4, layout="strided"), T(2)]), c([T(0), T(3)]), c([T(2), T(3)], indexing="ij"), c([T(2), T(3)], indexing="xy"),
    c([T(2), T(3), T(4)], indexing="xy"), c([T(3)], indexing="xy"), c([T(2), T(3)], indexing="ab").raises(),
    c([T(2), T(3, dtype=i64)], indexing="ij").raises(), c([], indexing="ij").raises(),
    c([T(2, 2), T(3)], indexing="ij").raises(prefix="torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: "),
], views=True, family="movement")

op("cartesian_prod", [
    c([T(2), T(3)]), c([T(2), T(3), T(2)]), c([T(3)]), c([T(2, dtype=i64), T(3, dtype=i64)]),
    c([T(4, layout="strided"), T(2)]), c([T(0), T(3)]), c([T(2, 2), T(3)]).raises(), c([T(), T(3)]).raises(),
    c([T(2), T(3, dtype=i64)]).raises(),
], form="aten", family="movement")

op("tril_indices", [
    c(3, 3), c(3, 4, 1), c(4, 3, -1), c(3, 4, 5), c(3, 4, -5), c(0, 3), c(3, 0), c(1, 1), c(3, 3, dtype=i32),
    c(5, 6, 2, dtype=i16).raises(), c(-1, 3).raises(), c(3, -1).raises(), c(3, 3, dtype=f32).raises(),
], family="movement")
op("triu_indices", [
    c(3, 3), c(3, 4, 1), c(4, 3, -1), c(3, 4, 5), c(3, 4, -5), c(0, 3), c(3, 0), c(1, 1), c(3, 3, dtype=i32),
    c(5, 6, 2, dtype=u8).raises(), c(-1, 3).raises(), c(3, -1).raises(), c(3, 3, dtype=f64).raises(),
], family="movement")

# ============================== nn functional composites (nn_functional.cpp) ==============================

op("layer_norm", [
    c(T(2, 3, 4), [4]), c(T(2, 3, 4), [3, 4]), c(T(2, 3, 4), [4], T(4), T(4)), c(T(2, 3, 4), [3, 4], T(3, 4)),
    c(T(2, 3, 4), [4], None, T(4), 1e-3), c(T(5), [5], T(5), T(5)),
    c(T(4, 3, layout="transposed"), [3], T(3, layout="strided"), T(3)), c(T(2, 3, 4, layout="strided"), [4]),
    c(T(3, 4, dtype=f64), [4], T(4, dtype=f64), T(4, dtype=f64)), c(T(3, 4, dtype=bf16), [4]).tol(1.6e-2, 1e-2),
    c(T(3, 4, gen=U(-100.0, 100.0)), [4]), c(T(0, 4), [4]), c(T(2, 0), [0]),
    c(T(2, 3, 4), []).raises(), c(T(2, 3, 4), [3]).raises(), c(T(2, 3, 4), [4], T(5)).raises(),
    c(T(2, 3, 4), [4], None, T(5)).raises(), c(T(2, 3, dtype=i64), [3]).raises(), c(T(2, 3, dtype=f16), [3]).raises(),
    c(T(2, 3, dtype=f64), [3], T(3)).raises(), c(T(), [1]).raises(),
], tol=NN_TOL, family="nn")

op("embedding", [
    c(T(5, 3), I(4, hi=5)), c(T(5, 3), I(2, 3, hi=5)), c(T(5, 3), LI(0, 2, 2, 4), 2), c(T(5, 3), LI(1, 1, 3), -1, True),
    c(T(5, 3), LI(1, 1, 3, 0), 1, True), c(T(5, 3), I(hi=5)), c(T(5, 3, layout="transposed"), I(4, hi=5)),
    c(T(6, 2, layout="strided"), I(3, 2, hi=6, layout="transposed")), c(T(5, 3, dtype=f64), I(4, hi=5)),
    c(T(5, 3, dtype=i64), I(4, hi=5)), c(T(5, 3), I(4, hi=5, dtype=i32)), c(T(5, 3), I(0, hi=5)), c(T(0, 3), I(0, hi=1)),
    c(T(5), LI(1)).raises(), c(T(5, 3), T(2)).raises(), c(T(5, 3), LI(5)).raises(), c(T(5, 3), LI(-1)).raises(),
], tol=NN_TOL, family="nn")

# One value per channel normalizes to 0; PyTorch gets rounding noise times 1/sqrt(eps) there (.tol).
RM, RV = T(3, gen=U(-0.5, 0.5)), T(3, gen=U(0.5, 2.0))
op("batch_norm", [
    c(T(4, 3), None, None, None, None, True, 0.1, 1e-5, False),
    c(T(4, 3, 5), T(3), T(3), RM, RV, True, 0.1, 1e-5, False),
    c(T(4, 3, 5), T(3), T(3), RM, RV, False, 0.1, 1e-5, False),
    c(T(2, 3, 4, 4), None, T(3), RM, RV, True, 0.3, 1e-3, False),
    c(T(2, 3, 4, 4), T(3), None, RM, RV, False, 0.1, 1e-5, False),
    c(T(5, 3, layout="transposed"), T(3, layout="strided"), T(3), RM, RV, True, 0.1, 1e-5, False),
    c(T(4, 3, 2, dtype=f64), T(3, dtype=f64), T(3, dtype=f64), T(3, dtype=f64), T(3, dtype=f64, gen=U(0.5, 2.0)),
      True, 0.1, 1e-5, False),
    c(T(1, 3), None, None, RM, RV, True, 0.1, 1e-5, False).tol(1e-5, 1e-4), c(T(0, 3), T(3), T(3), RM, RV, True, 0.1, 1e-5, False),
    c(T(4, 3, dtype=bf16), None, None, None, None, True, 0.1, 1e-5, False).tol(1.6e-2, 1e-2),
    c(T(4, 3, 5), None, None, None, None, False, 0.1, 1e-5, False).raises(),
    c(T(4, 3, 5), None, None, T(4), T(4), False, 0.1, 1e-5, False).raises(),
    c(T(4, 3, 5), None, None, RM, T(4), False, 0.1, 1e-5, False).raises(),
    c(T(4, 3, 5), T(4), None, RM, RV, False, 0.1, 1e-5, False).raises(),
    c(T(4, 3, 5), None, T(4), RM, RV, False, 0.1, 1e-5, False).raises(),
    c(T(4, 3, dtype=i64), None, None, RM, RV, True, 0.1, 1e-5, False).raises(),
    c(T(4, 3, dtype=f64), None, None, RM, RV, True, 0.1, 1e-5, False).raises(),
], tol=NN_TOL, family="nn")

op("group_norm", [
    c(T(2, 6, 4), 3), c(T(2, 6, 4), 2, T(6), T(6)), c(T(2, 6), 6, T(6)).tol(1e-5, 1e-4), c(T(2, 4, 3, 3), 2, None, T(4), 1e-3),
    c(T(2, 4, 3, 3), 1), c(T(3, 6, 2, layout="transposed"), 3, T(6, layout="strided"), T(6)),
    c(T(2, 6, 4, dtype=f64), 3, T(6, dtype=f64), T(6, dtype=f64)), c(T(2, 6, 4, dtype=bf16), 3).tol(1.6e-2, 1e-2),
    c(T(0, 6), 3), c(T(2, 6, 0), 3),
    c(T(2, 6, 4), 4).raises(), c(T(2, 6, 4), 3, T(5)).raises(), c(T(2, 6, 4), 3, T(6), T(5)).raises(),
    c(T(2, 6, 4), 3, None, T(5)).raises(),
    c(T(6), 3).raises(), c(T(2, 6, dtype=i64), 3).raises(), c(T(2, 6, dtype=f64), 3, T(6)).raises(),
    c(T(2, 6, 4), 0).raises(),
], tol=NN_TOL, family="nn")

PROB = U(0.02, 0.98)
op("binary_cross_entropy", [
    c(T(3, 4, gen=PROB), T(3, 4, gen=PROB)), c(T(3, 4, gen=PROB), T(3, 4, gen=PROB), None, 0),
    c(T(3, 4, gen=PROB), T(3, 4, gen=PROB), None, 2), c(T(3, 4, gen=PROB), T(3, 4, gen=PROB), T(4, gen=PROB)),
    c(T(3, 4, gen=PROB), T(4, gen=PROB)), c(T(4, 3, gen=PROB, layout="transposed"), T(4, 3, gen=PROB, layout="strided")),
    c(T(3, 4, gen=PROB, dtype=f64), T(3, 4, gen=PROB, dtype=f64)), c(T(gen=PROB), T(gen=PROB)),
    c(T(4, gen=V(0.0, 1.0, 0.0, 1.0)), T(4, gen=V(1.0, 0.0, 0.0, 1.0)), None, 0), c(T(0, 3), T(0, 3)),
    c(T(3, 4, gen=PROB), T(3, 4, gen=PROB), T(5)).raises(), c(T(3, gen=V(0.5, 1.5)), T(3, gen=PROB)).raises(),
    c(T(3, gen=V(0.5, NAN)), T(3, gen=PROB)).raises(), c(T(3, gen=PROB, dtype=f64), T(3, gen=PROB)).raises(),
    c(T(3, dtype=i64), T(3, dtype=i64)).raises(), c(T(3, gen=PROB, dtype=bf16), T(3, gen=PROB, dtype=bf16)).raises(),
], form="aten", tol=NN_TOL, family="nn")

op("binary_cross_entropy_with_logits", [
    c(T(3, 4), T(3, 4, gen=PROB)), c(T(3, 4), T(3, 4, gen=PROB), None, None, 0), c(T(3, 4), T(3, 4, gen=PROB), None, None, 2),
    c(T(3, 4), T(3, 4, gen=PROB), T(4, gen=PROB)), c(T(3, 4), T(3, 4, gen=PROB), None, T(4, gen=U(0.5, 3.0))),
    c(T(3, 4), T(3, 4, gen=PROB), T(3, 1, gen=PROB), T(4, gen=U(0.5, 3.0)), 0), c(T(4), T(3, 4, gen=PROB)),
    c(T(4, 3, layout="transposed"), T(4, 3, gen=PROB, layout="strided")), c(T(3, 4, dtype=f64), T(3, 4, gen=PROB)),
    c(T(6, gen=V(-100.0, 100.0, 0.0, -30.0, 30.0, 1.0)), T(6, gen=PROB), None, None, 0), c(T(), T(gen=PROB)),
    c(T(0, 3), T(0, 3)), c(T(3, 4), T(3, 4), T(5)).raises(), c(T(3, 4), T(3, 4), None, T(5)).raises(),
    c(T(3, 4), T(4, gen=PROB)).raises(), c(T(3, 4), T(3, 4, dtype=i64)).raises(), c(T(3, 4), T(3, 4, gen=PROB, dtype=f64)),
], form="aten", tol=NN_TOL, family="nn")

op("l1_loss", [
    c(T(3, 4), T(3, 4)), c(T(3, 4), T(3, 4), 0), c(T(3, 4), T(3, 4), 2), c(T(3, 4), T(4)),
    c(T(4, 3, layout="transposed"), T(4, 3, layout="strided")), c(T(3, 4, dtype=f64), T(3, 4)), c(T(), T()),
    c(T(0, 3), T(0, 3)), c(T(3, dtype=i64), T(3, dtype=i64), 0), c(T(3, dtype=i64), T(3, dtype=i64)).raises(),
    c(T(3, 4), T(5)).raises(),
], form="aten", tol=NN_TOL, family="nn")

op("smooth_l1_loss", [
    c(T(3, 4), T(3, 4)), c(T(3, 4), T(3, 4), 0), c(T(3, 4), T(3, 4), 2, 0.5), c(T(3, 4), T(3, 4), 1, 0.0),
    c(T(3, 4), T(4), 0, 2.0), c(T(4, 3, layout="transposed"), T(4, 3, layout="strided"), 0, 0.7),
    c(T(3, 4, dtype=f64), T(3, 4), 1, 0.3), c(T(), T()), c(T(0, 3), T(0, 3)),
    c(T(3, 4), T(3, 4), 1, -1.0).raises(), c(T(3, dtype=i64), T(3, dtype=i64)).raises(), c(T(3, 4), T(5)).raises(),
], form="aten", tol=NN_TOL, family="nn")

op("huber_loss", [
    c(T(3, 4), T(3, 4)), c(T(3, 4), T(3, 4), 0), c(T(3, 4), T(3, 4), 2, 0.5), c(T(3, 4), T(4), 0, 2.0),
    c(T(4, 3, layout="transposed"), T(4, 3, layout="strided"), 0, 0.7), c(T(3, 4, dtype=f64), T(3, 4), 1, 0.3),
    c(T(), T()), c(T(0, 3), T(0, 3)),
    c(T(3, 4), T(3, 4), 1, 0.0).raises(), c(T(3, 4), T(3, 4), 1, -1.0).raises(), c(T(3, dtype=i64), T(3, dtype=i64)).raises(),
    c(T(3, 4), T(5)).raises(),
], form="aten", tol=NN_TOL, family="nn")

op("kl_div", [
    c(T(3, 4), T(3, 4, gen=PROB)), c(T(3, 4), T(3, 4, gen=PROB), 0), c(T(3, 4), T(3, 4, gen=PROB), 2),
    c(T(3, 4), T(3, 4), 0, log_target=True), c(T(3, 4), T(3, 4), 1, log_target=True),
    c(T(3, 4), T(4, gen=PROB), 0), c(T(4, 3, layout="transposed"), T(4, 3, gen=PROB, layout="strided"), 0),
    c(T(3, 4, dtype=f64), T(3, 4, gen=PROB)), c(T(4), T(4, gen=V(0.0, 0.5, 0.0, 1.0)), 0), c(T(), T(gen=PROB)),
    c(T(0, 3), T(0, 3)), c(T(3, 4), T(5)).raises(), c(T(3, dtype=i64), T(3, dtype=i64)).raises(),
], form="aten", tol=NN_TOL, family="nn")

op("glu", [
    c(T(3, 4)), c(T(3, 4), 1), c(T(4, 3), 0), c(T(2, 3, 6), -1), c(T(3, 4, layout="transposed"), 1),
    c(T(2, 6, layout="strided")), c(T(4, dtype=f64)), c(T(3, 4, dtype=bf16)), c(T(0, 4)),
    c(T(3, 5)).raises(), c(T()).raises(), c(T(3, 4), 2).raises(), c(T(3, 4, dtype=i64)).raises(),
], form="aten", tol=NN_TOL, family="nn")

# ---- average pooling (src/ops/pool.cpp) ----
op("avg_pool2d", [
    c(T(), [1]).raises(),
    c(T(1, 1, 4, 4), [2]), c(T(2, 3, 5, 5), [3], [2]), c(T(1, 2, 5, 5), [2], [2], [1]),
    c(T(1, 1, 7, 7), [3], [1], [1], False, False), c(T(1, 1, 5, 5), [2], [2], [0], True),
    c(T(1, 1, 6, 6), [3], [2], [1], True, False), c(T(1, 1, 6, 6), [3], [2], [1], True, True),
    c(T(1, 1, 5, 5), [3], [2], [1], False, True, 5), c(T(1, 1, 6, 5), [2, 3], [2, 1], [1, 0]),
    c(T(2, 6, 6), [2]), c(T(1, 1, 6, 6, layout="transposed"), [2]), c(T(2, 2, 6, 6, layout="strided"), [3], [1]),
    c(T(1, 1, 4, 4, dtype=f64), [2]), c(T(2, 3, 5, 5, dtype=bf16), [2]), c(T(1, 2, 5, 5, dtype=i64), [2], [1], [1]),
    c(T(4, 10, 24, 24), [3], [2], [1]), c(T(0, 1, 4, 4), [2]),
    c(T(1, 1, 4, 4), [2], [2], [2]).raises(), c(T(1, 1, 2, 2), [3]).raises(), c(T(4, 4), [2]).raises(),
    c(T(1, 1, 4, 4), [0]).raises(), c(T(1, 1, 4, 4), [2], [0]).raises(), c(T(1, 1, 4, 4), [2], [], [0], False, True, 0).raises(),
    c(T(1, 0, 4, 4), [2]).raises(), c(T(1, 1, 4, 4), [1, 2, 3]).raises(), c(T(2, 1, 3, 4, 4), [2]).raises(),
    c(T(1, 1, 4, 4, dtype=f16), [2]).raises(), c(T(1, 1, 4, 4, dtype=b8), [2]).raises(),
], form="aten", family="nn")

op("avg_pool2d_backward", [
    c(T(1, 1, 2, 2, dtype=i64), T(1, 1, 4, 4, dtype=i64), [2], [], [0], False, True, None), c(T(), T(), [1], [], [0], False, True, None).raises(),
    c(T(1, 1, 2, 2), T(1, 1, 4, 4), [2], [], [0], False, True, None),
    c(T(2, 3, 4, 4), T(2, 3, 6, 6), [3], [2], [1], True, False, None),
    c(T(2, 3, 4, 4), T(2, 3, 6, 6), [3], [2], [1], True, True, None),
    c(T(1, 1, 3, 3), T(1, 1, 5, 5), [3], [2], [1], False, True, 4),
    c(T(2, 3, 3, layout="transposed"), T(2, 6, 6), [2], [], [0], False, True, None),
    c(T(1, 1, 2, 2, dtype=f64), T(1, 1, 4, 4, dtype=f64), [2], [], [0], False, True, None),
    c(T(0, 1, 2, 2), T(0, 1, 4, 4), [2], [], [0], False, True, None),
    c(T(1, 1, 3, 2), T(1, 1, 4, 4), [2], [], [0], False, True, None).raises(),
    c(T(1, 1, 2, 2), T(1, 1, 4, 4), [2], [], [0], False, True, 0).raises(),
], form="aten", family="nn")

op("adaptive_avg_pool2d", [
    c(T(), [1, 1]).raises(), c(T(1, 1, 4, 4, dtype=b8), [2, 2]).raises(),
    c(T(1, 1, 4, 4), [2, 2]), c(T(2, 3, 5, 7), [3, 4]), c(T(2, 3, 5, 5), [1, 1]), c(T(2, 3, 4, 4), [6, 5]),
    c(T(3, 5, 5), [2, 3]), c(T(2, 3, 6, 6, layout="transposed"), [4, 4]), c(T(2, 2, 6, 6, layout="strided"), [3, 2]),
    c(T(1, 2, 7, 7, dtype=f64), [3, 3]), c(T(2, 3, 5, 5, dtype=bf16), [2, 2]), c(T(4, 4), [1, 1]),
    c(T(1, 0, 4, 4), [2, 2]), c(T(0, 1, 4, 4), [2, 2]), c(T(1, 1, 4, 4), [0, 2]),
    c(T(1, 1, 4, 4), [3]).raises(), c(T(1, 1, 4, 4), [3, -1]).raises(), c(T(1, 1, 4, 4, dtype=i64), [3, 3]).raises(),
    c(T(4, 4), [2, 2]).raises(), c(T(1, 1, 0, 4), [2, 2]).raises(),
], form="aten", family="nn")

op("_adaptive_avg_pool2d", [
    c(T(), [2, 2]).raises(), c(T(1, 1, 4, 4, dtype=b8), [2, 2]).raises(),
    c(T(1, 1, 4, 4), [2, 2]), c(T(2, 3, 5, 7), [3, 4]), c(T(2, 3, 5, 5), [1, 1]), c(T(3, 5, 5), [2, 3]),
    c(T(2, 3, 6, 6, layout="transposed"), [4, 4]), c(T(1, 2, 7, 7, dtype=f64), [3, 3]),
    c(T(0, 1, 4, 4), [2, 2]), c(T(4, 4), [1, 1]).raises(), c(T(1, 1, 4, 4, dtype=i64), [3, 3]).raises(),
], form="aten", family="nn")

op("_adaptive_avg_pool2d_backward", [
    c(T(0, 1, 2, 2), T(0, 1, 4, 4)), c(T(), T()).raises(),
    c(T(1, 1, 2, 2), T(1, 1, 4, 4)), c(T(2, 3, 3, 4), T(2, 3, 5, 7)), c(T(2, 3, 6, 5), T(2, 3, 4, 4)),
    c(T(3, 2, 3), T(3, 5, 5)), c(T(2, 3, 4, 4, layout="transposed"), T(2, 3, 6, 6)),
    c(T(1, 2, 3, 3, dtype=f64), T(1, 2, 7, 7, dtype=f64)),
    c(T(1, 1, 2, 2, dtype=i64), T(1, 1, 4, 4, dtype=i64)).raises(),
], form="aten", family="nn")

op("adaptive_max_pool2d", [
    c(T(), [1, 1]).raises(), c(T(1, 1, 4, 4, dtype=b8), [2, 2]).raises(),
    c(T(1, 1, 4, 4), [2, 2]), c(T(2, 3, 5, 7), [3, 4]), c(T(2, 3, 5, 5), [1, 1]), c(T(2, 3, 4, 4), [6, 5]),
    c(T(3, 5, 5), [2, 3]), c(T(2, 3, 6, 6, layout="transposed"), [4, 4]), c(T(2, 2, 6, 6, layout="strided"), [3, 2]),
    c(T(1, 2, 7, 7, dtype=f64), [3, 3]), c(T(2, 3, 5, 5, dtype=bf16), [2, 2]),
    c(T(1, 1, 4, 4, gen=V(1.0, NAN, 3.0, -INF)), [2, 2]), c(T(1, 1, 4, 4, gen=V(-INF)), [2, 2]),
    c(T(0, 1, 4, 4), [2, 2]), c(T(1, 1, 4, 4), [0, 2]),
    c(T(1, 1, 4, 4), [2]).raises(), c(T(1, 1, 4, 4), [2, -1]).raises(), c(T(4, 4), [2, 2]).raises(),
    c(T(1, 0, 4, 4), [2, 2]).raises(), c(T(1, 1, 4, 4, dtype=i64), [2, 2]).raises(),
    c(T(1, 1, 4, 4, dtype=f16), [2, 2]).raises(),
], form="aten", family="nn")

op("adaptive_max_pool2d_backward", [
    c(T(), T(), T(dtype=i64)).raises(),
    c(T(1, 1, 2, 2), T(1, 1, 4, 4), I(1, 1, 2, 2, hi=16)), c(T(2, 3, 3, 2), T(2, 3, 5, 5), I(2, 3, 3, 2, hi=25)),
    c(T(3, 2, 2, layout="transposed"), T(3, 4, 4), I(3, 2, 2, hi=16)),
    c(T(1, 1, 2, 2, dtype=f64), T(1, 1, 4, 4, dtype=f64), I(1, 1, 2, 2, hi=16)),
    c(T(1, 1, 2, 2, dtype=f64), T(1, 1, 4, 4), I(1, 1, 2, 2, hi=16)).raises(),
    c(T(2, 2), T(1, 1, 4, 4), I(2, 2, hi=16)).raises(), c(T(1, 0, 2, 2), T(1, 0, 4, 4), I(1, 0, 2, 2, hi=16)).raises(),
], form="aten", family="nn")

op("max_pool1d", [
    c(T(), [1]).raises(), c(T(2, 3, 8, dtype=b8), [2]).raises(),
    c(T(2, 3, 8), [2]), c(T(2, 3, 9), [3], [2]), c(T(1, 2, 9), [3], [2], [1]), c(T(1, 2, 11), [3], [1], [1], [2]),
    c(T(1, 2, 9), [2], [2], [0], [1], True), c(T(3, 8), [2]), c(T(2, 3, 8, layout="transposed"), [2]),
    c(T(2, 3, 8, dtype=f64), [3]), c(T(1, 2, 8, gen=V(1.0, NAN, 3.0, -INF)), [2]), c(T(0, 3, 8), [2]), c(T(2, 3, 8), [9]),
    c(T(8), [2]).raises(), c(T(2, 0, 8), [2]).raises(), c(T(2, 3, 8), [2, 2]).raises(), c(T(2, 3, 8), [0]).raises(),
    c(T(2, 3, 8), [2], [0]).raises(), c(T(2, 3, 8), [2], [], [2]).raises(), c(T(2, 3, 8), [2], [], [0], [0]).raises(),
    c(T(2, 3, 8, dtype=i64), [2]).raises(),
], form="aten", family="nn")

op("avg_pool1d", [
    c(T(), [1]).raises(), c(T(2, 3, 8, dtype=b8), [2]).raises(),
    c(T(2, 3, 8), [2]), c(T(2, 3, 9), [3], [2]), c(T(1, 2, 9), [3], [2], [1]), c(T(2, 3, 8), [2], [3], [1], True, False),
    c(T(2, 3, 8), [3], [2], [1], False, False), c(T(3, 8), [2]), c(T(2, 3, 8, layout="transposed"), [2]),
    c(T(2, 3, 8, dtype=f64), [3]), c(T(2, 3, 8, dtype=i64), [2]), c(T(0, 3, 8), [2]),
    c(T(8), [2]).raises(), c(T(2, 3, 8), [2, 2]).raises(), c(T(2, 3, 8), [9]).raises(), c(T(2, 3, 8), [2], [0]).raises(),
    c(T(2, 3, 8), [2], [], [2]).raises(),
], form="aten", family="nn")

op("adaptive_avg_pool1d", [
    c(T(), [1]).raises(), c(T(2, 3, 8, dtype=i64), [2]).raises(), c(T(2, 3, 8, dtype=b8), [2]).raises(),
    c(T(2, 3, 8), [3]), c(T(2, 3, 8), [1]), c(T(3, 8), [1]), c(T(3, 5), [7]), c(T(2, 3, 8, layout="transposed"), [4]),
    c(T(2, 3, 8, dtype=f64), [5]), c(T(0, 3, 8), [3]),
    c(T(8), [3]).raises(), c(T(2, 3, 8), [3, 3]).raises(), c(T(2, 3, 8), [-1]).raises(),
], form="aten", family="nn")

# ============================== more nn functionals (src/ops/padding.cpp, fold.cpp, distance.cpp, margin_loss.cpp, ctc_loss.cpp, grid_sample.cpp, upsample.cpp, ...) ==============================

op("constant_pad_nd", [
    c(T(2, 3), [1, 2]), c(T(2, 3), [1, 1, 2, 0], 2.5), c(T(2, 3, 4), [-1, 2]), c(T(2, 3, 4), [-1, -2]),
    c(T(2, 3, 4), [1, -1, 0, 1, 1, 0]), c(T(4, 3, layout="transposed"), [2, 1]), c(T(2, 3, dtype=i64), [1, 1], 7),
    c(T(2, 3, dtype=f64), [0, 1], -1.5), c(T(3, dtype=b8), [1, 1], True), c(T(2, 3, 0), [1, 1]), c(T(0, 3), [1, 1]),
    c(T(2, 3, dtype=bf16), [1, 2]),
    c(T(2, 3), [1]).raises(), c(T(2, 3), [1, 1, 1, 1, 1, 1]).raises(), c(T(2, 3), [-2, -2]).raises(),
], form="aten", family="nn")

op("pad", [
    c(T(2, 3, 4), [1, 2]), c(T(2, 3, 4), [1, 2], "reflect"), c(T(2, 3, 4), [3, 2], "replicate"),
    c(T(2, 3, 4), [2, 3], "circular"), c(T(1, 2, 4, 5), [1, 2, 2, 1], "reflect"), c(T(1, 2, 4, 5), [2, 1, 3, 0], "replicate"),
    c(T(1, 2, 4, 5), [1, 2, 2, 1], "circular"), c(T(1, 2, 3, 4, 5), [1, 1, 2, 0, 1, 2], "reflect"),
    c(T(1, 2, 3, 4, 5), [1, 1, 2, 0, 1, 2], "replicate"), c(T(1, 2, 3, 4, 5), [1, 1, 2, 0, 1, 2], "circular"),
    c(T(3, 4), [1, 2], "reflect"), c(T(3, 4), [2, 2], "replicate"), c(T(2, 4, 5), [1, 1, 2, 2], "reflect"),
    c(T(2, 3, 4), [-1, 1], "reflect"), c(T(2, 3, 4), [-1, 2], "replicate"), c(T(2, 3, 4), [-1, 1], "circular"),
    c(T(2, 3, 4, layout="transposed"), [1, 2], "reflect"), c(T(2, 3, 4, dtype=f64), [1, 1], "replicate"),
    c(T(2, 3), [1, 1], "constant", 2.5), c(T(0, 3, 4), [1, 1], "reflect"), c(T(2, 3, 4), [1, 1], "reflect", 0.0),
    c(T(2, 3, 4), [1, 2, 1], "constant").raises(), c(T(2, 3, 4), [1, 1, 1, 1, 1, 1, 1, 1]).raises(),
    c(T(2, 3, 4), [1, 2, 1, 1, 1, 1], "reflect").raises(), c(T(2, 3, 4), [4, 1], "reflect").raises(),
    c(T(2, 3, 4), [1, 1], "reflect", 1.0).raises(), c(T(2, 3, 4), [1, 1], "foo").raises(),
    c(T(2, 3, 4), [5, 1], "circular").raises(), c(T(2, 3, 4), [1, 1, 1, 1], "circular").raises(),
    c(T(4), [1, 1], "reflect").raises(), c(T(2, 3), [1, 1], "circular").raises(), c(T(2, 0, 4), [1, 1], "reflect").raises(),
    c(T(2, 0, 4), [1, 1], "replicate").raises(), c(T(2, 3, 4, dtype=i64), [1, 1], "reflect").raises(),
    c(T(2, 3, 4, dtype=i64), [1, 1], "replicate").raises(), c(T(2, 3, 4), [-4, -1], "replicate").raises(),
], form="aten", family="nn")

op("reflection_pad1d", [
    c(T(2, 5), [2, 3]), c(T(2, 3, 5), [4, 0]), c(T(2, 3, 5, dtype=f64), [1, 1]), c(T(0, 5), [1, 1]),
    c(T(2, 3, 5), [5, 1]).raises(), c(T(2, 3, 5, dtype=f16), [1, 1]).raises(),
    c(T(2, 3, 5, layout="transposed"), [2, 1]),
], form="aten", family="nn")
op("reflection_pad2d", [
    c(T(2, 4, 5), [2, 3, 1, 0]), c(T(1, 2, 4, 5), [1, 1, 3, 3]), c(T(1, 2, 4, 5, layout="strided"), [1, 0, 0, 2]),
    c(T(1, 2, 4, 5), [5, 1, 1, 1]).raises(), c(T(1, 2, 4, 5), [1, 1, 4, 1]).raises(), c(T(3), [1, 1, 1, 1]).raises(),
    c(T(0, 2, 4, 5), [1, 1, 1, 1]),
], form="aten", family="nn")
op("reflection_pad3d", [
    c(T(2, 3, 4, 5), [1, 2, 1, 0, 2, 1]), c(T(1, 2, 3, 4, 5), [1, 1, 1, 1, 1, 1]), c(T(1, 2, 3, 4, 5, dtype=f16), [1, 1, 1, 1, 1, 1]),
    c(T(1, 2, 3, 4, 5), [1, 1, 1, 1, 3, 1]).raises(), c(T(0, 3, 3, 3), [1, 1, 1, 1, 1, 1]).raises(),
    c(T(1, 2, 3, 4, 5), [1, 1, 1, 1, 1]).raises(),
    c(T(1, 2, 3, 4, 5, layout="transposed"), [1, 1, 1, 1, 1, 1]),
], form="aten", family="nn")
op("replication_pad1d", [
    c(T(2, 5), [2, 7]), c(T(2, 3, 5), [4, 0]), c(T(2, 3, 5, dtype=f64), [-1, 1]),
    c(T(3), [1, 1]).raises(), c(T(2, 3, 5), [1, 1, 1]).raises(), c(T(2, 3, 5), [-3, -3]).raises(),
    c(T(2, 3, 5, dtype=bf16), [1, 1]).raises(),
    c(T(2, 3, 5, layout="strided"), [1, 2]), c(T(0, 3, 5), [1, 1]),
], form="aten", family="nn")
op("replication_pad2d", [
    c(T(2, 4, 5), [2, 3, 1, 0]), c(T(1, 2, 4, 5), [6, 1, 3, 5]), c(T(1, 2, 4, 5, layout="transposed"), [1, 0, 0, 2]),
    c(T(0, 3, 3), [1, 1, 1, 1]).raises(), c(T(2, 2, 3, 3), [-3, -3, -3, -3]).raises(),
], form="aten", family="nn")
op("replication_pad3d", [
    c(T(2, 3, 4, 5), [1, 2, 1, 0, 2, 1]), c(T(1, 2, 3, 4, 5), [3, 3, 1, 1, 4, 1]),
    c(T(2, 2, 3, 3, 3), [-3, -3, -3, -3, -3, -3]).raises(), c(T(2, 0, 3, 3, 3), [1, 1, 1, 1, 1, 1]).raises(),
    c(T(1, 2, 3, 4, 5, layout="transposed"), [1, 1, 1, 1, 1, 1]), c(T(0, 2, 3, 4, 5), [1, 1, 1, 1, 1, 1]),
], form="aten", family="nn")
op("_pad_circular", [
    c(T(2, 3, 4), [1, 2]), c(T(1, 2, 4, 5), [1, 2, 2, 1]), c(T(1, 2, 4, 5), [-1, 2, 0, -2]),
    c(T(2, 3, 4), [5, 1]).raises(), c(T(2, 3, 4), [1, 1, 1, 1]).raises(),
    c(T(2, 3, 4, layout="transposed"), [1, 2]), c(T(0, 3, 4), [1, 1]),
], form="aten", family="nn")

op("one_hot", [
    c(LI(0, 2, 1, 3)), c(LI(0, 2, 1), 5), c(I(2, 3, hi=4)), c(I(2, 3, hi=4, layout="transposed"), 6),
    c(T(dtype=i64, gen=V(2)), 3), c(T(0, dtype=i64), 3),
    c(T(2)).raises(), c(T(2, dtype=i32, gen=V(1))).raises(), c(LI(1, -2)).raises(), c(LI(1, 5), 3).raises(),
    c(T(0, dtype=i64)).raises(), c(LI(1, 2), 0).raises(),
], form="aten", family="nn")

op("pixel_shuffle", [
    c(T(1, 4, 2, 3), 2), c(T(2, 9, 2, 2), 3), c(T(8, 2, 2), 2), c(T(2, 1, 4, 2, 2), 2), c(T(1, 4, 2, 3, layout="transposed"), 2),
    c(T(1, 4, 2, 3, dtype=i64), 2), c(T(0, 4, 2, 3), 2), c(T(1, 4, 2, 3), 1),
    c(T(4, 4), 2).raises(), c(T(5, 4, 4), 2).raises(), c(T(4, 4, 4), 0).raises(),
], form="function", family="nn")
op("pixel_unshuffle", [
    c(T(1, 1, 4, 6), 2), c(T(2, 2, 6, 3), 3), c(T(2, 4, 4), 2), c(T(1, 1, 4, 6, layout="transposed"), 2),
    c(T(1, 1, 4, 4, dtype=f64), 2), c(T(0, 1, 4, 4), 2),
    c(T(4, 4), 2).raises(), c(T(5, 3, 4), 2).raises(), c(T(5, 4, 3), 2).raises(), c(T(5, 4, 4), 0).raises(),
], form="function", family="nn")

op("im2col", [
    c(T(2, 3, 5, 5), [2, 2], [1, 1], [0, 0], [1, 1]), c(T(1, 2, 6, 7), [3, 2], [2, 1], [1, 2], [2, 1]),
    c(T(3, 5, 4), [2, 3], [1, 1], [1, 0], [1, 2]), c(T(1, 2, 5, 6, layout="transposed"), [2, 2], [1, 1], [0, 0], [2, 2]),
    c(T(1, 1, 4, 4, dtype=f64), [2, 2], [1, 1], [1, 1], [1, 1]), c(T(0, 3, 5, 5), [2, 2], [1, 1], [0, 0], [1, 1]),
    c(T(1, 3, 5, 5, dtype=bf16), [2, 2], [1, 1], [0, 0], [1, 1]),
    c(T(1, 3, 5, 5), [0, 2], [1, 1], [0, 0], [1, 1]).raises(), c(T(1, 3, 5, 5), [2, 2], [0, 1], [0, 0], [1, 1]).raises(),
    c(T(1, 3, 5, 5), [2, 2], [1, 1], [-1, 0], [1, 1]).raises(), c(T(1, 3, 5, 5), [2, 2], [1, 1], [0, 0], [0, 1]).raises(),
    c(T(1, 3, 4, 7), [6, 2], [1, 1], [0, 0], [1, 1]).raises(), c(T(1, 0, 5, 5), [2, 2], [1, 1], [0, 0], [1, 1]).raises(),
    c(T(1, 3, 5, 5, dtype=i64), [2, 2], [1, 1], [0, 0], [1, 1]).raises(), c(T(1, 3, 5, 5), [2], [1, 1], [0, 0], [1, 1]).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("col2im", [
    c(T(2, 12, 16), [5, 5], [2, 2], [1, 1], [0, 0], [1, 1]), c(T(12, 16), [5, 5], [2, 2], [1, 1], [0, 0], [1, 1]),
    c(T(1, 12, 20), [6, 7], [3, 2], [2, 1], [1, 2], [2, 1]), c(T(2, 4, 9, layout="transposed"), [4, 4], [2, 2], [1, 1], [1, 1], [2, 2]),
    c(T(1, 4, 4, dtype=f64), [3, 3], [2, 2], [1, 1], [0, 0], [1, 1]), c(T(0, 12, 16), [5, 5], [2, 2], [1, 1], [0, 0], [1, 1]),
    c(T(2, 13, 16), [5, 5], [2, 2], [1, 1], [0, 0], [1, 1]).raises(), c(T(2, 12, 15), [5, 5], [2, 2], [1, 1], [0, 0], [1, 1]).raises(),
    c(T(12), [5, 5], [2, 2], [1, 1], [0, 0], [1, 1]).raises(), c(T(2, 12, 16), [5, 5], [0, 2], [1, 1], [0, 0], [1, 1]).raises(),
    c(T(2, 12, 16), [5, 5], [2, 2], [1, 1], [0, 0], [0, 1]).raises(), c(T(2, 12, 16), [5, 5], [2, 2], [0, 1], [0, 0], [1, 1]).raises(),
    c(T(2, 12, 16), [5, 5], [2, 2], [1, 1], [-1, 0], [1, 1]).raises(), c(T(2, 12, 16), [1, 1], [2, 2], [1, 1], [0, 0], [1, 1]).raises(),
    c(T(2, 12, 16, dtype=i64), [5, 5], [2, 2], [1, 1], [0, 0], [1, 1]).raises(), c(T(2, 0, 16), [5, 5], [2, 2], [1, 1], [0, 0], [1, 1]).raises(),
], form="aten", tol=NN_TOL, family="nn")

op("cosine_similarity", [
    c(T(3, 4), T(3, 4)), c(T(3, 4), T(4), 0), c(T(2, 3, 4), T(2, 1, 4), -1), c(T(4, 3, layout="transposed"), T(4, 3), 1, 0.5),
    c(T(3, 4, dtype=f64), T(3, 4, dtype=f64)), c(T(3, 4), T(3, 4, dtype=i64)), c(T(2, 3), T(2, 3, gen=V(0.0))),
    c(T(0, 4), T(0, 4)), c(T(3, 4, dtype=i64), T(3, 4, dtype=i64)).raises(), c(T(3, 4), T(2, 4)).raises(),
], form="function", tol=NN_TOL, family="nn")
op("pairwise_distance", [
    c(T(3, 4), T(3, 4)), c(T(3, 4), T(4), 1.0), c(T(3, 4), T(3, 4), 3.0, 1e-3, True), c(T(4, 3, layout="transposed"), T(4, 3), INF),
    c(T(3, 4, dtype=f64), T(3, 4, dtype=f64), 0.5), c(T(4), T(4)), c(T(0, 4), T(0, 4)), c(T(3, 4), T(2, 4)).raises(),
], form="function", tol=NN_TOL, family="nn")
op("pdist", [
    c(T(4, 3)), c(T(5, 2), 1.0), c(T(4, 3), 3.0), c(T(4, 3), INF), c(T(4, 3), 0.5), c(T(3, 4, layout="transposed")),
    c(T(4, 3, dtype=f64)), c(T(1, 3)), c(T(4, 0)), c(T(0, 3)),
    c(T(3)).raises(), c(T(4, 3, dtype=i64)).raises(), c(T(4, 3), -1.0).raises(),
], form="function", tol=NN_TOL, family="nn")
op("cdist", [
    c(T(4, 3), T(5, 3)), c(T(2, 4, 3), T(5, 3), 1.0), c(T(2, 1, 4, 3), T(3, 5, 3), 3.0), c(T(4, 3), T(5, 3), INF),
    c(T(30, 3), T(5, 3)).tol(1e-4, 1e-4), c(T(4, 3), T(5, 3), 2.0, 1).aten().tol(1e-4, 1e-4), c(T(30, 3), T(5, 3), 2.0, 2).aten(),
    c(T(3, 4, layout="transposed"), T(5, 4)), c(T(4, 3, dtype=f64), T(5, 3, dtype=f64), 0.5),
    c(T(0, 3), T(5, 3)), c(T(4, 0), T(5, 0)),
    c(T(3), T(5, 3)).raises(), c(T(4, 3), T(5, 2)).raises(), c(T(4, 3, dtype=i64), T(5, 3, dtype=i64)).raises(),
    c(T(4, 3), T(5, 3), -1.0).raises(), c(T(4, 3), T(5, 3), 2.0, 3).aten().raises(),
], form="function", tol=NN_TOL, family="nn")

op("instance_norm", [
    c(T(2, 3, 5), None, None, None, None, True, 0.1, 1e-5, False),
    c(T(2, 3, 4, 4), T(3), T(3), None, None, True, 0.1, 1e-5, False),
    c(T(2, 3, 5), T(3), T(3), T(3, gen=U(-0.5, 0.5)), T(3, gen=U(0.5, 2.0)), True, 0.1, 1e-5, False),
    c(T(2, 3, 5), None, None, T(3, gen=U(-0.5, 0.5)), T(3, gen=U(0.5, 2.0)), False, 0.1, 1e-5, False),
    c(T(2, 3, 5, layout="transposed"), None, None, None, None, True, 0.1, 1e-3, False),
    c(T(2, 3, 5, dtype=f64), None, None, None, None, True, 0.1, 1e-5, False),
    c(T(2, 3, 5), None, None, None, None, False, 0.1, 1e-5, False).raises(),
    c(T(0, 3, 5), None, None, None, None, True, 0.1, 1e-5, False),
], form="function", tol=NN_TOL, family="nn")

PM1 = V(1.0, -1.0, -1.0, 1.0, 1.0)  # +-1 targets
op("poisson_nll_loss", [
    c(T(3, 4), T(3, 4, gen=U(0.0, 3.0)), True, False, 1e-8, 1), c(T(3, 4, gen=U(0.1, 3.0)), T(3, 4, gen=U(0.0, 3.0)), False, False, 1e-8, 0),
    c(T(3, 4), T(3, 4, gen=U(0.0, 4.0)), True, True, 1e-8, 2), c(T(3, 4, gen=U(0.1, 3.0)), T(4, gen=U(0.0, 4.0)), False, True, 1e-3, 0),
    c(T(4, 3, layout="transposed"), T(4, 3, gen=U(0.0, 3.0)), True, False, 1e-8, 1), c(T(3, 4, dtype=f64), T(3, 4, dtype=f64, gen=U(0.0, 3.0)), True, True, 1e-8, 0),
    c(T(0, 4), T(0, 4), True, False, 1e-8, 2), c(T(3, 4), T(5), True, False, 1e-8, 1).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("hinge_embedding_loss", [
    c(T(3, 5), T(3, 5, gen=PM1)), c(T(3, 5), T(3, 5, gen=PM1), 0.5, 0), c(T(3, 5), T(5, gen=PM1), 2.0, 2),
    c(T(5, 3, layout="transposed"), T(5, 3, gen=PM1), 1.0, 0), c(T(3, 5, dtype=f64), T(3, 5, dtype=f64, gen=PM1)),
    c(T(0, 5), T(0, 5), 1.0, 2), c(T(3, 4), T(5)).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("margin_ranking_loss", [
    c(T(5), T(5), T(5, gen=PM1)), c(T(5), T(5), T(5, gen=PM1), 0.5, 0), c(T(3, 5), T(5), T(3, 5, gen=PM1), 1.0, 2),
    c(T(5, 3, layout="transposed"), T(5, 3), T(5, 3, gen=PM1), 0.2, 0), c(T(5, dtype=f64), T(5, dtype=f64), T(5, dtype=f64, gen=PM1)),
    c(T(5, dtype=i64), T(5, dtype=i64), T(5, dtype=i64, gen=PM1)), c(T(0), T(0), T(0), 0.0, 2), c(T(3, 4), T(3, 4), T(5)).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("soft_margin_loss", [
    c(T(3, 5), T(3, 5, gen=PM1)), c(T(3, 5), T(3, 5, gen=PM1), 0), c(T(3, 5), T(5, gen=PM1), 2),
    c(T(5, 3, layout="transposed"), T(5, 3, gen=PM1), 0), c(T(3, 5, dtype=f64), T(3, 5, dtype=f64, gen=PM1)), c(T(0, 5), T(0, 5), 2),
    c(T(3, 4), T(5)).raises(), c(T(3, 4, dtype=i64), T(3, 4, dtype=i64)).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("cosine_embedding_loss", [
    c(T(3, 5), T(3, 5), T(3, gen=PM1)), c(T(3, 5), T(3, 5), T(3, gen=PM1), 0.3, 0), c(T(5), T(5), T(gen=V(-1.0)), 0.1, 0),
    c(T(5, 3, layout="transposed"), T(5, 3), T(5, gen=PM1), -0.2, 2), c(T(3, 5, dtype=f64), T(3, 5, dtype=f64), T(3, dtype=f64, gen=PM1)),
    c(T(3, 5), T(3, 5), T(3, gen=V(1.0, -1.0, 0.0)), 0.0, 0), c(T(0, 5), T(0, 5), T(0), 0.0, 2),
    c(T(3, 4), T(3, 4), T(3, 1)).raises(), c(T(4), T(4), T(3)).raises(), c(T(3, 4), T(3, 4), T()).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("triplet_margin_loss", [
    c(T(3, 5), T(3, 5), T(3, 5)), c(T(3, 5), T(3, 5), T(3, 5), 0.5, 1.0, 1e-6, True, 0), c(T(3, 5), T(3, 5), T(3, 5), 2.0, 3.0, 1e-3, False, 2),
    c(T(5, 3, layout="transposed"), T(5, 3), T(5, 3), 1.0, 2.0, 1e-6, True, 1), c(T(3, 5, dtype=f64), T(3, 5, dtype=f64), T(3, 5, dtype=f64)),
    c(T(5), T(5), T(5)), c(T(0, 5), T(0, 5), T(0, 5), 1.0, 2.0, 1e-6, False, 2),
    c(T(3, 5), T(3, 5), T(5)).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("multi_margin_loss", [
    c(T(3, 4), LI(1, 0, 3)), c(T(3, 4), LI(1, 0, 3), 2), c(T(3, 4), LI(1, 0, 3), 1, 0.5, T(4), 0), c(T(3, 4), LI(2, 2, 0), 2, 2.0, T(4), 2),
    c(T(4, 3, layout="transposed"), LI(1, 0, 2, 2), 1, 1, None, 0), c(T(3, 4, dtype=f64), LI(1, 0, 3), 1, 1, T(4, dtype=f64)),
    c(T(4), T(dtype=i64, gen=V(1)), 1, 1, None, 0), c(T(4), LI(1), 1, 1, None, 0), c(T(), T(dtype=i64, gen=V(0)), 1, 1, None, 0),
    # (an empty input with reduction="sum" is left out: PyTorch 1.13 returns uninitialized memory)
    c(T(0, 4), T(0, dtype=i64), 1, 1, None, 0),
    c(T(3, 4), LI(1, 0, 3), 3).raises(), c(T(3, 4), LI(1, 0, 4)).raises(), c(T(3, 4), LI(1, 0)).raises(),
    c(T(3, 0), LI(1, 1, 1)).raises(), c(T(3, 4), T(3, dtype=i32, gen=V(1))).raises(), c(T(3, 4, dtype=i64), LI(1, 0, 3)).raises(),
    c(T(3, 4), LI(1, 0, 3), 1, 1, T(4, dtype=f64)).raises(),
], form="aten", tol=NN_TOL, family="nn")
ML_T = T(3, 4, dtype=i64, gen=V(1, 2, -1, 0, 3, -1, 0, 0, 0, 1, 2, 3))
op("multilabel_margin_loss", [
    c(T(3, 4), ML_T), c(T(3, 4), ML_T, 0), c(T(3, 4), ML_T, 2), c(T(4, 3, layout="transposed"), T(4, 3, dtype=i64, gen=V(2, -1, 0, 0, 1, 2)), 0),
    c(T(3, 4, dtype=f64), ML_T), c(T(4), LI(1, -1, 0, 0), 0), c(T(4), LI(3, 2, 1, 0), 1), c(T(), T(dtype=i64, gen=V(0)), 0),
    c(T(0, 4), T(0, 4, dtype=i64), 0),
    c(T(3, 4), T(3, 4, dtype=i64, gen=V(1, 4, -1, 0))).raises(), c(T(3, 4), T(2, 4, dtype=i64, gen=V(1, -1))).raises(),
    c(T(3, 4), T(3, 4, dtype=i32, gen=V(1, -1))).raises(), c(T(2, 0), T(2, 0, dtype=i64)).raises(), c(T(2, 3, 4), T(2, 3, 4, dtype=i64)).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("multilabel_margin_loss_forward", [
    c(T(3, 4), ML_T, 0), c(T(3, 4), ML_T, 1), c(T(4), LI(1, -1, 0, 0), 2),
    c(T(4, 3, layout="transposed"), T(4, 3, dtype=i64, gen=V(2, -1, 0, 0, 1, 2)), 0), c(T(0, 4), T(0, 4, dtype=i64), 0), c(T(3, 4), T(2, 4, dtype=i64, gen=V(1, -1)), 0).raises(),
], form="aten", tol=NN_TOL, family="nn")

op("upsample_nearest1d", [
    c(T(2, 3, 4), [8]), c(T(2, 3, 5), [7]), c(T(2, 3, 5), [3]), c(T(1, 2, 5), [13], 2.7), c(T(2, 3, 4, layout="transposed"), [6]),
    c(T(2, 3, 4, dtype=f64), [9]), c(T(2, 3, 4, dtype=u8), [9]), c(T(0, 3, 4), [6]),
    c(T(2, 3, 4), None, [2.5]), c(T(2, 3, 7), None, [0.6]),
    c(T(3, 4), [8]).raises(), c(T(2, 3, 4), [0]).raises(), c(T(2, 3, 4, dtype=i64), [8]).raises(),
    c(T(2, 3, 4), [8], [2.0]).raises(), c(T(2, 3, 4), None, None).raises(),
], form="aten", family="nn")
op("upsample_nearest2d", [
    c(T(1, 2, 3, 4), [6, 8]), c(T(1, 2, 3, 4), [5, 7]), c(T(2, 1, 7, 5), [3, 2]), c(T(1, 2, 3, 4), [7, 9], 2.3, 2.25),
    c(T(1, 2, 3, 4, layout="strided"), [5, 5]), c(T(1, 2, 3, 4, dtype=f64), [5, 5]), c(T(1, 2, 3, 4, dtype=bf16), [5, 6]),
    c(T(0, 2, 3, 4), [5, 5]), c(T(1, 2, 3, 4), None, [2.0, 1.5]), c(T(1, 2, 5, 5), None, [0.7, 1.3]),
    c(T(2, 3, 4), [5, 5]).raises(), c(T(1, 2, 3, 4), [5]).raises(), c(T(1, 2, 3, 4), [0, 5]).raises(),
    c(T(2, 0, 3, 4), [5, 5]).raises(), c(T(1, 2, 3, 4, dtype=f16), [5, 5]).raises(), c(T(1, 2, 3, 4), None, [2.0]).raises(),
], form="aten", family="nn")
op("upsample_nearest3d", [
    c(T(1, 2, 2, 3, 4), [4, 6, 8]), c(T(1, 1, 3, 3, 4), [5, 2, 7]), c(T(1, 1, 2, 3, 4, dtype=f64), [3, 4, 5], 1.6, 1.5, 1.3),
    c(T(1, 1, 2, 3, 4), None, [1.5, 2.0, 0.5]), c(T(1, 2, 2, 3, 4), [0, 6, 8]).raises(), c(T(1, 2, 3, 4), [4, 6, 8]).raises(),
    c(T(1, 2, 2, 3, 4, layout="transposed"), [3, 5, 6]), c(T(0, 2, 2, 3, 4), [3, 5, 6]),
], form="aten", family="nn")
op("upsample_linear1d", [
    c(T(2, 3, 4), [8], False), c(T(2, 3, 4), [7], True), c(T(2, 3, 6), [4], False), c(T(2, 3, 6), [1], True),
    c(T(1, 2, 5), [13], False, 2.7), c(T(2, 3, 4, dtype=f64), [9], False), c(T(2, 3, 4), None, False, [1.7]),
    c(T(2, 3, 4), [0], False).raises(), c(T(2, 3, 4, dtype=u8), [9], False).raises(),
    c(T(2, 3, 4, layout="transposed"), [7], True), c(T(0, 3, 4), [7], False),
], form="aten", tol=NN_TOL, family="nn")
op("upsample_bilinear2d", [
    c(T(1, 2, 3, 4), [6, 8], False), c(T(1, 2, 3, 4), [5, 7], True), c(T(2, 1, 7, 5), [3, 2], False), c(T(2, 1, 7, 5), [3, 2], True),
    c(T(1, 2, 3, 4), [7, 9], False, 2.3, 2.25), c(T(1, 2, 3, 4), [3, 4], False), c(T(1, 2, 3, 4), [1, 1], True),
    c(T(1, 2, 3, 4, layout="transposed"), [5, 5], False), c(T(1, 2, 3, 4, dtype=f64), [5, 6], True), c(T(1, 2, 3, 4, dtype=f64), [7, 5], False),
    c(T(0, 2, 3, 4), [5, 5], False),
    c(T(1, 2, 3, 4), None, False, [1.7, 2.3]), c(T(1, 2, 6, 6), None, True, [0.5, 0.75]),
    c(T(1, 2, 3, 4), [0, 5], True).raises(), c(T(1, 2, 3, 4, dtype=i64), [5, 5], False).raises(), c(T(2, 3, 4), [5, 5], False).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("upsample_trilinear3d", [
    c(T(1, 2, 2, 3, 4), [4, 6, 8], False), c(T(1, 1, 3, 3, 4), [5, 2, 7], True), c(T(1, 1, 2, 3, 4, dtype=f64), [3, 4, 5], False, 1.6, 1.5, 1.3),
    c(T(1, 1, 2, 3, 4), None, False, [1.5, 2.0, 0.5]), c(T(1, 2, 2, 3, 4), [0, 6, 8], False).raises(),
    c(T(1, 2, 2, 3, 4, layout="transposed"), [3, 5, 6], True), c(T(0, 2, 2, 3, 4), [3, 5, 6], False),
], form="aten", tol=NN_TOL, family="nn")
op("upsample_bicubic2d", [
    c(T(1, 2, 3, 4), [6, 8], False), c(T(1, 2, 3, 4), [5, 7], True), c(T(2, 1, 7, 5), [3, 2], False), c(T(2, 1, 7, 5), [3, 2], True),
    c(T(1, 2, 3, 4), [7, 9], False, 2.3, 2.25), c(T(1, 2, 3, 4), [3, 4], False), c(T(1, 2, 3, 4), [1, 1], True),
    c(T(1, 2, 3, 4, layout="transposed"), [5, 5], False), c(T(1, 2, 3, 4, dtype=f64), [5, 6], True), c(T(1, 2, 3, 4, dtype=f64), [7, 5], False),
    c(T(0, 2, 3, 4), [5, 5], False), c(T(1, 2, 3, 4), None, False, [1.7, 2.3]), c(T(1, 2, 6, 6), None, True, [0.5, 0.75]),
    c(T(1, 2, 3, 4), [0, 5], True).raises(), c(T(1, 2, 3, 4, dtype=u8), [5, 5], False).raises(),
], form="aten", tol=NN_TOL, family="nn")

GRID = U(-1.2, 1.2)
op("grid_sampler", [
    c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=GRID), 0, 0, False), c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=GRID), 0, 0, True),
    c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=GRID), 0, 1, False), c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=GRID), 0, 1, True),
    c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=U(-2.5, 2.5)), 0, 2, False), c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=U(-2.5, 2.5)), 0, 2, True),
    c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=GRID), 1, 0, False), c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=GRID), 1, 1, True),
    c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=U(-2.5, 2.5)), 1, 2, False), c(T(1, 2, 1, 5), T(1, 3, 3, 2, gen=GRID), 0, 2, True),
    c(T(2, 3, 4, 5, layout="transposed"), T(2, 6, 7, 2, gen=GRID), 0, 0, False),
    c(T(2, 3, 4, 5, dtype=f64), T(2, 6, 7, 2, dtype=f64, gen=GRID), 0, 0, False), c(T(0, 3, 4, 5), T(0, 6, 7, 2), 0, 0, False),
    c(T(2, 3, 4, 5), T(1, 6, 7, 2), 0, 0, False).raises(), c(T(2, 3, 4, 5), T(2, 6, 7, 1), 0, 0, False).raises(),
    c(T(2, 3, 0, 5), T(2, 6, 7, 2), 0, 0, False).raises(), c(T(2, 3, 4, 5), T(2, 6, 7, 2, dtype=f64), 0, 0, False).raises(),
    c(T(2, 3, 4, 5, dtype=i64), T(2, 6, 7, 2, dtype=i64), 0, 0, False).raises(),
    c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=GRID), 2, 0, False), c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=GRID), 2, 0, True),
    c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=U(-2.5, 2.5)), 2, 1, False), c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=U(-2.5, 2.5)), 2, 1, True),
    c(T(2, 3, 4, 5), T(2, 6, 7, 2, gen=U(-2.5, 2.5)), 2, 2, False), c(T(2, 3, 4, 5, dtype=f64), T(2, 6, 7, 2, dtype=f64, gen=U(-2.5, 2.5)), 2, 2, True),
], form="aten", tol=NN_TOL, family="nn")
op("affine_grid_generator", [
    c(T(2, 2, 3), [2, 3, 4, 5], False), c(T(2, 2, 3), [2, 3, 4, 5], True), c(T(1, 3, 4), [1, 2, 3, 4, 5], False),
    c(T(1, 3, 4), [1, 2, 3, 4, 5], True), c(T(2, 2, 3), [2, 3, 1, 5], True), c(T(2, 2, 3, layout="transposed"), [2, 1, 3, 3], False),
    c(T(2, 2, 3, dtype=f64), [2, 3, 4, 5], False), c(T(2, 3, 4), [2, 3, 4], False).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("feature_dropout", [
    c(T(4, 5, 3), 0.5, True).seed(0), c(T(4, 5), 0.2, True).seed(1), c(T(4, 5, 3), 0.5, False), c(T(4, 5), 0.0, True),
    c(T(4, 5), 1.0, True).seed(3), c(T(2, 3, 4, 4, dtype=f64), 0.3, True).seed(4), c(T(0, 3), 0.5, True),
    c(T(3), 0.5, True).raises(), c(T(3, 4), 1.5, True).raises(), c(T(3, 4, dtype=i64), 0.5, True).raises(),
    c(T(4, 5, 3, layout="transposed"), 0.5, True).seed(5),
], form="aten", family="nn")
op("alpha_dropout", [
    c(T(4, 5), 0.5, True).seed(0), c(T(100), 0.2, True).seed(1), c(T(4, 5), 0.5, False), c(T(4, 5), 0.0, True),
    c(T(4, 5), 1.0, True).seed(3), c(T(20, dtype=f64), 0.3, True).seed(4), c(T(0, 3), 0.5, True),
    c(T(3, 4), 1.5, True).raises(), c(T(3, 4, dtype=i64), 0.5, True).raises(),
    c(T(4, 5, layout="transposed"), 0.5, True).seed(5),
], form="aten", tol=NN_TOL, family="nn")
op("feature_alpha_dropout", [
    c(T(4, 5, 3), 0.5, True).seed(0), c(T(4, 5), 0.2, True).seed(1), c(T(4, 5), 0.5, False), c(T(2, 3, 4, dtype=f64), 0.3, True).seed(4),
    c(T(3), 0.5, True).raises(), c(T(3, 4), -0.5, True).raises(),
    c(T(4, 5, 3, layout="transposed"), 0.5, True).seed(5), c(T(0, 3, 2), 0.5, True),
], form="aten", tol=NN_TOL, family="nn")
op("exponential", [
    c(T(5), 2.0).seed(0), c(T(3, 4, dtype=f64)).seed(1), c(T(7), 0.5).seed(2), c(T(0)).seed(3),
    c(T(5), -1.0).raises(), c(T(3, dtype=i64)).raises(),
    c(T(3, 4, layout="transposed"), 1.5).seed(4), c(T(3, 4, layout="strided")).seed(5),
], form="aten", family="random")
op("exponential_", [
    c(T(5), 2.0).seed(0), c(T(3, 4, dtype=f64)).seed(1), c(T(6, dtype=bf16), 1.5).seed(2), c(T(6, dtype=f16), 1.5).seed(5),
    c(T(5), -1.0).raises(), c(T(3, dtype=i64)).raises(),
    c(T(3, 4, layout="transposed"), 1.5).seed(4), c(T(0, 3)).seed(6),
], form="aten", family="random")
op("_scaled_dot_product_attention", [
    c(T(2, 3, 4), T(2, 5, 4), T(2, 5, 6)), c(T(2, 3, 4), T(2, 5, 4), T(2, 5, 6), None, 0.0, True, True),
    c(T(2, 3, 4), T(2, 5, 4), T(2, 5, 6), M(3, 5, p=0.7), 0.0, True), c(T(2, 3, 4), T(2, 5, 4), T(2, 5, 6), T(3, 5)),
    c(T(2, 2, 3, 4), T(2, 2, 5, 4), T(2, 2, 5, 6)), c(T(2, 3, 4, layout="transposed"), T(2, 5, 4), T(2, 5, 6)),
    c(T(2, 3, 4, dtype=f64), T(2, 5, 4, dtype=f64), T(2, 5, 6, dtype=f64)),
    c(T(2, 3, 4), T(2, 5, 4), T(2, 5, 6), T(3, 5), 0.0, False, True).raises(),
    c(T(2, 3, 4, dtype=i64), T(2, 5, 4, dtype=i64), T(2, 5, 6, dtype=i64)).raises(),
], form="aten", tol=NN_TOL, family="nn")

op("conv3d", [
    c(T(2, 4, 5, 6, 7), T(3, 4, 2, 3, 2)), c(T(2, 4, 5, 6, 7), T(3, 4, 2, 3, 2), T(3), [2, 1, 2], [1, 0, 1], [1, 2, 1]),
    c(T(1, 4, 5, 5, 5), T(4, 2, 3, 1, 2), None, 1, 1, 1, 2), c(T(4, 5, 6, 7), T(3, 4, 2, 3, 2), T(3)),
    c(T(1, 2, 4, 5, 6, layout="transposed"), T(3, 2, 2, 2, 2)), c(T(1, 2, 4, 4, 4, dtype=f64), T(2, 2, 3, 3, 3, dtype=f64), T(2, dtype=f64), 2, 1),
    c(T(0, 2, 4, 4, 4), T(2, 2, 2, 2, 2)), c(T(1, 2, 4, 5, 6), T(3, 2, 2, 3, 2), None, 1, "same"),
    c(T(1, 2, 4, 5, 6), T(3, 2, 3, 3, 3), T(3), 1, "same", 2), c(T(1, 2, 4, 5, 6), T(3, 2, 2, 3, 2), None, 1, "valid"),
    c(T(2, 4, 5, 6, 7), T(3, 5, 2, 3, 2)).raises(), c(T(5, 6, 7), T(3, 4, 2, 3, 2)).raises(),
    c(T(2, 4, 5, 6, 7), T(3, 4, 9, 3, 2)).raises(), c(T(2, 4, 5, 6, 7), T(3, 4, 2, 3, 2), T(4)).raises(),
    c(T(2, 4, 5, 6, 7), T(3, 2, 2, 3, 2), None, 1, 0, 1, 2).raises(), c(T(2, 4, 5, 6, 7), T(3, 4, 2, 3, 2, dtype=f64)).raises(),
    c(T(2, 4, 5, 6, 7), T(3, 4, 2, 3, 2), None, 2, "same").raises(), c(T(2, 4, 5, 6, 7), T(3, 4, 2, 3, 2), None, 1, "foo").raises(),
], form="aten", tol=CONV_TOL, family="nn")
op("max_pool3d", [
    c(T(2, 3, 4, 5, 6), [2, 2, 2]), c(T(2, 3, 5, 6, 7), [3, 2, 3], [2, 1, 2], [1, 1, 1]), c(T(1, 2, 7, 7, 7), [3], [2], [1], [2]),
    c(T(1, 2, 5, 6, 7), [2, 3, 2], [2, 2, 2], [0, 1, 1], [1, 1, 1], True), c(T(3, 4, 5, 6), [2, 2, 2]),
    c(T(2, 3, 4, 5, 6, layout="transposed"), [2, 2, 2]), c(T(1, 2, 4, 4, 4, dtype=f64), [2, 2, 2], [1]),
    c(T(1, 2, 4, 4, 4, gen=V(1.0, NAN, 3.0, -INF)), [2]), c(T(0, 2, 4, 4, 4), [2, 2, 2]),
    c(T(4, 5, 6), [2, 2, 2]).raises(), c(T(2, 3, 4, 5, 6), [2, 2]).raises(), c(T(2, 3, 4, 5, 6), [2, 2, 2], [0, 1, 1]).raises(),
    c(T(2, 3, 4, 5, 6), [2, 2, 2], [], [2, 0, 0]).raises(), c(T(2, 3, 4, 5, 6), [2, 2, 2], [], [0], [0]).raises(),
    c(T(2, 3, 4, 5, 6), [9, 2, 2]).raises(), c(T(2, 3, 4, 5, 6, dtype=i64), [2, 2, 2]).raises(),
    c(T(2, 0, 4, 4, 4), [2, 2, 2]).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("avg_pool3d", [
    c(T(2, 3, 4, 5, 6), [2, 2, 2]), c(T(2, 3, 5, 6, 7), [3, 2, 3], [2, 1, 2], [1, 1, 1]), c(T(2, 3, 5, 6, 7), [3, 2, 3], [2, 1, 2], [1, 1, 1], False, False),
    c(T(1, 2, 5, 6, 7), [2, 3, 2], [2, 2, 2], [0, 1, 1], True), c(T(1, 2, 5, 6, 7), [2, 3, 2], [2, 2, 2], [1, 1, 1], True, False),
    c(T(1, 2, 5, 6, 7), [3, 3, 3], [2, 2, 2], [1, 1, 1], False, True, 5), c(T(3, 4, 5, 6), [2, 2, 2]),
    c(T(2, 3, 4, 5, 6, layout="transposed"), [2, 2, 2]), c(T(1, 2, 4, 4, 4, dtype=f64), [2, 2, 2], [1]),
    c(T(1, 2, 4, 4, 4, dtype=i64), [2, 2, 2]), c(T(0, 2, 4, 4, 4), [2, 2, 2]),
    c(T(4, 5, 6), [2, 2, 2]).raises(), c(T(2, 3, 4, 5, 6), [2, 2]).raises(), c(T(2, 3, 4, 5, 6), [2, 2, 2], [], [2, 0, 0]).raises(),
    c(T(2, 3, 4, 5, 6), [9, 2, 2]).raises(), c(T(2, 3, 4, 5, 6), [2, 2, 2], [], [0], False, True, 0).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("max_unpool2d", [
    c(T(2, 3, 2, 2), T(2, 3, 2, 2, dtype=i64, gen=V(0, 5, 10, 15, 1, 6, 8, 14)), [4, 4]), c(T(2, 3, 2, 2), T(2, 3, 2, 2, dtype=i64, gen=V(0, 6, 12, 24)), [5, 5]),
    c(T(3, 2, 3), T(3, 2, 3, dtype=i64, gen=V(1, 3, 5, 7, 9, 11)), [3, 4]), c(T(2, 3, 2, 2, layout="transposed"), T(2, 3, 2, 2, dtype=i64, gen=V(3, 2, 9, 12)), [4, 4]),
    c(T(2, 3, 2, 2, dtype=f64), T(2, 3, 2, 2, dtype=i64, gen=V(0, 5, 10, 15)), [4, 4]), c(T(0, 3, 2, 2), I(0, 3, 2, 2, hi=16), [4, 4]),
    c(T(2, 3, 2, 2), T(2, 3, 2, 2, dtype=i64, gen=V(14)), [1, 1]).raises(), c(T(2, 3, 2, 2), I(2, 3, 2, 2, hi=16), [4]).raises(),
    c(T(2, 3, 2, 2), I(2, 3, 2, 2, hi=16, dtype=i32), [4, 4]).raises(), c(T(2, 3, 2, 2), I(1, 3, 2, 2, hi=16), [4, 4]).raises(),
    c(T(2, 2), I(2, 2, hi=16), [4, 4]).raises(), c(T(2, 3, 2, 2, dtype=i64), I(2, 3, 2, 2, hi=16), [4, 4]).raises(),
], form="aten", tol=NN_TOL, family="nn")

EB_IDX, EB_OFF = LI(1, 2, 4, 5, 4, 3, 2, 0), LI(0, 2, 2, 5)
op("embedding_bag", [
    c(T(6, 3), EB_IDX, EB_OFF), c(T(6, 3), EB_IDX, EB_OFF, False, 1), c(T(6, 3), EB_IDX, EB_OFF, False, 2),
    c(T(6, 3), EB_IDX, EB_OFF, False, 0, False, T(8)), c(T(6, 3), EB_IDX, LI(0, 2, 2, 5, 8), False, 1, False, None, True),
    c(T(6, 3), EB_IDX, LI(0, 2, 2, 5, 8), False, 2, False, None, True), c(T(6, 3), EB_IDX, LI(0, 2, 2, 5, 8), False, 0, False, None, True),
    c(T(6, 3, layout="transposed"), EB_IDX, EB_OFF, False, 1), c(T(6, 3, dtype=f64), EB_IDX, EB_OFF, False, 0, False, T(8, dtype=f64)),
    c(T(6, 3), T(8, dtype=i32, gen=V(1, 2, 4, 5, 4, 3, 2, 0)), T(4, dtype=i32, gen=V(0, 2, 2, 5)), False, 2),
    c(T(6, 3), T(0, dtype=i64), LI(0, 0), False, 1), c(T(6, 3), EB_IDX, LI(0), False, 1),
    c(T(6, 3), T(8), EB_OFF).raises(), c(T(6, 3), EB_IDX, T(4, gen=V(0.0, 2.0))).raises(), c(T(6, 3), EB_IDX, LI(1, 2)).raises(),
    c(T(6, 3), EB_IDX, LI(0, 9)).raises(), c(T(6, 3, dtype=i64), EB_IDX, EB_OFF).raises(),
    c(T(6, 3), EB_IDX, EB_OFF, False, 1, False, T(8)).raises(), c(T(6, 3), EB_IDX, EB_OFF, False, 0, False, T(8, dtype=f64)).raises(),
    c(T(6, 3), EB_IDX, EB_OFF, False, 0, False, T(7)).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("_embedding_bag", [
    c(T(6, 3), EB_IDX, EB_OFF, False, 0, False, None, False, 4), c(T(6, 3), EB_IDX, EB_OFF, False, 1, False, None, False, 4),
    c(T(6, 3), EB_IDX, EB_OFF, False, 0, False, T(8), False, 2), c(T(6, 3), EB_IDX, EB_OFF, False, 1, False, None, False, -2),
    c(T(6, 3, layout="transposed"), EB_IDX, EB_OFF, False, 1, False, None, False, 4), c(T(6, 3), EB_IDX, LI(1, 2), False, 0, False, T(8), False, 2).raises(),
], form="aten", tol=NN_TOL, family="nn")

op("ctc_loss", [
    c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 2, 2, 3, 1, 0)), [6, 5], [3, 2]),
    c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 2, 2, 3, 1, 0)), [6, 5], [3, 2], 0, 0),
    c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 2, 2, 3, 1, 0)), T(2, dtype=i64, gen=V(6, 5)), T(2, dtype=i64, gen=V(3, 2)), 0, 2),
    c(T(6, 2, 4), T(2, 3, dtype=i32, gen=V(1, 2, 2, 3, 1, 0)), [6, 5], [3, 2]), c(T(6, 2, 4), LI(1, 2, 2, 3, 1), [6, 5], [3, 2], 0, 0),
    c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 1, 1, 3, 1, 0)), [2, 5], [3, 2], 0, 0),
    c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 1, 1, 3, 1, 0)), [2, 5], [3, 2], 0, 0, True),
    c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 2, 0, 3, 1, 0)), [6, 5], [0, 2], 0, 0), c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 2, 2, 0, 1, 0)), [6, 5], [3, 2], 3, 1),
    c(T(6, 4), LI(1, 2, 2), [6], [3]), c(T(6, 2, 4, dtype=f64), T(2, 3, dtype=i64, gen=V(1, 2, 2, 3, 1, 0)), [6, 5], [3, 2], 0, 0),
    c(T(6, 2, 4, layout="transposed"), T(2, 3, dtype=i64, gen=V(1, 2, 2, 3, 1, 0)), [6, 4], [2, 2], 0, 2),
    c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 2, 2, 3, 1, 0)), [6, 7], [3, 2]).raises(),
    c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 2, 2, 3, 1, 0)), [6], [3, 2]).raises(),
    c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 2, 2, 3, 1, 0)), [6, 5], [3]).raises(),
    c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 2, 2, 3, 1, 0)), [6, 5], [4, 2]).raises(),
    c(T(6, 2, 4), T(2, 3, dtype=i64, gen=V(1, 2, 2, 3, 1, 0)), [6, 5], [3, 2], 4).raises(),
    c(T(6, 2, 4), LI(1, 2, 2, 3), [6, 5], [3, 2], 0, 0).raises(),
    c(T(6, 2, 4, dtype=i64), T(2, 3, dtype=i64, gen=V(1, 2, 2, 3, 1, 0)), [6, 5], [3, 2]).raises(),
], form="aten", tol=NN_TOL, family="nn")

THIRD = 1.0 / 3
op("rrelu_with_noise", [
    c(T(4, 5), T(4, 5), 0.125, THIRD, True).seed(0), c(T(3, 4, dtype=f64), T(3, 4, dtype=f64), 0.1, 0.3, True).seed(1),
    c(T(4, 5, layout="transposed"), T(4, 5), 0.125, THIRD, True).seed(2), c(T(4, 5), T(4, 5), 0.125, THIRD, False),
    c(T(6, dtype=bf16), T(6, dtype=bf16), 0.125, THIRD, True).seed(3), c(T(0, 3), T(0, 3), 0.125, THIRD, True).seed(4),
    c(T(4, 5), T(4, 5), 0.2, 0.2, True).seed(5), c(T(4, 5, layout="strided"), T(4, 5), 0.125, THIRD, True).op("rrelu_with_noise_").seed(6),
    c(T(4, 5), T(4, 5), 0.3, 0.1, True).seed(0).raises(), c(T(4, 5), T(4, 5, dtype=f64), 0.1, 0.3, True).raises(),
    c(T(3, dtype=i64), T(3), 0.1, 0.3, True).raises(), c(T(3, dtype=i64), T(3), 0.1, 0.3, False).raises(),
], form="aten", family="nn")
op("rrelu", [
    c(T(4, 5), 0.125, THIRD, True).seed(0), c(T(4, 5)), c(T(3, 4, dtype=f64), 0.1, 0.3, True).seed(1),
    c(T(4, 5, layout="transposed"), 0.125, THIRD, True).seed(2), c(T(4, 5), 0.125, THIRD, True).op("rrelu_").seed(3),
    c(T(0, 2), 0.125, THIRD, True).seed(4), c(T(4, 5), 0.3, 0.1).raises(), c(T(4, 5), 0.3, 0.1, True).op("rrelu_").raises(),
], family="nn")
op("max_pool3d_with_indices", [
    c(T(2, 3, 4, 5, 6), [2, 2, 2]), c(T(2, 3, 5, 6, 7), [3, 2, 3], [2, 1, 2], [1, 1, 1]), c(T(1, 2, 7, 7, 7), [3], [2], [1], [2]),
    c(T(1, 2, 5, 6, 7), [2, 3, 2], [2, 2, 2], [0, 1, 1], [1, 1, 1], True), c(T(3, 4, 5, 6), [2, 2, 2]),
    c(T(2, 3, 4, 5, 6, layout="transposed"), [2, 2, 2]), c(T(1, 2, 4, 4, 4, dtype=f64), [2, 2, 2], [1]),
    c(T(1, 2, 4, 4, 4, gen=V(1.0, NAN, 3.0, -INF, NAN)), [2]), c(T(1, 1, 3, 3, 3, gen=V(-INF)), [2], [1], [1]),
    c(T(1, 2, 4, 4, 4, dtype=bf16), [2, 2, 2]).raises(), c(T(0, 2, 4, 4, 4), [2, 2, 2]),
    c(T(4, 5, 6), [2, 2, 2]).raises(), c(T(2, 3, 4, 5, 6), [2, 2]).raises(), c(T(2, 3, 4, 5, 6), [2, 2, 2], [0, 1, 1]).raises(),
    c(T(2, 3, 4, 5, 6), [9, 2, 2]).raises(), c(T(2, 3, 4, 5, 6, dtype=i64), [2, 2, 2]).raises(),
    c(T(2, 0, 4, 4, 4), [2, 2, 2]).raises(),
], form="aten", tol=NN_TOL, family="nn")
UP3 = T(1, 2, 2, 2, 2, dtype=i64, gen=V(0, 9, 18, 27, 36, 45, 54, 63))
op("max_unpool3d", [
    c(T(1, 2, 2, 2, 2), T(1, 2, 2, 2, 2, dtype=i64, gen=V(1, 3, 12, 15, 48, 50, 40, 59)), [4, 4, 4], [2, 2, 2], [0, 0, 0]),
    c(T(2, 2, 2, 2), T(2, 2, 2, 2, dtype=i64, gen=V(0, 4, 8, 12, 16, 20, 24, 29)), [3, 2, 5], [1, 1, 1], [0, 0, 0]),
    c(T(1, 2, 2, 2, 2, layout="transposed"), T(1, 2, 2, 2, 2, dtype=i64, gen=V(0, 9, 18, 27, 36, 45, 54, 63)), [4, 4, 4], [2, 2, 2], [0, 0, 0]),
    c(T(1, 2, 2, 2, 2, dtype=f64), T(1, 2, 2, 2, 2, dtype=i64, gen=V(3, 7, 12, 60, 1, 20, 33, 44)), [4, 4, 4], [2, 2, 2], [1, 1, 1]),
    c(T(0, 2, 2, 2, 2), I(0, 2, 2, 2, 2, hi=8), [4, 4, 4], [2, 2, 2], [0, 0, 0]),
    c(T(1, 2, 2, 2, 2), I(1, 2, 2, 2, 2, hi=64, dtype=i32), [4, 4, 4], [2, 2, 2], [0, 0, 0]).raises(),
    c(T(2, 2, 2), I(2, 2, 2, hi=8), [4, 4, 4], [2, 2, 2], [0, 0, 0]).raises(),
    c(T(1, 2, 2, 2, 2), UP3, [4, 4], [2, 2, 2], [0, 0, 0]).raises(), c(T(1, 2, 2, 2, 2), UP3, [4, 4, 4], [2, 2], [0, 0, 0]).raises(),
    c(T(1, 2, 2, 2, 2), UP3, [4, 4, 4], [2, 2, 2], [0, 0]).raises(), c(T(1, 2, 2, 2, 2), I(1, 1, 2, 2, 2, hi=64), [4, 4, 4], [2, 2, 2], [0, 0, 0]).raises(),
    c(T(1, 0, 2, 2, 2), I(1, 0, 2, 2, 2, hi=8), [4, 4, 4], [2, 2, 2], [0, 0, 0]).raises(),
    c(T(1, 2, 2, 2, 2), UP3, [4, 4, 4], [0, 2, 2], [0, 0, 0]).raises(),
    c(T(1, 2, 2, 2, 2), T(1, 2, 2, 2, 2, dtype=i64, gen=V(0, 1, 2, 3, 4, 5, 6, 70)), [4, 4, 4], [2, 2, 2], [0, 0, 0]).raises(),
    c(T(1, 2, 2, 2, 2, dtype=i64), UP3, [4, 4, 4], [2, 2, 2], [0, 0, 0]).raises(),
], form="aten", tol=NN_TOL, family="nn")

import samples_linalg  # noqa: E402,F401  (torch.linalg: tests/ops/samples_linalg.py)
GRID3 = U(-1.2, 1.2)
op("grid_sampler_3d", [
    c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 3, gen=GRID3), 0, 0, False), c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 3, gen=GRID3), 0, 0, True),
    c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 3, gen=GRID3), 0, 1, False), c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 3, gen=GRID3), 0, 1, True),
    c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 3, gen=U(-2.5, 2.5)), 0, 2, False), c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 3, gen=U(-2.5, 2.5)), 0, 2, True),
    c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 3, gen=GRID3), 1, 0, False), c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 3, gen=GRID3), 1, 1, True),
    c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 3, gen=U(-2.5, 2.5)), 1, 2, False), c(T(1, 2, 1, 1, 5), T(1, 2, 3, 3, 3, gen=GRID3), 0, 2, True),
    c(T(2, 3, 4, 5, 6, layout="transposed"), T(2, 3, 4, 5, 3, gen=GRID3), 0, 0, False),
    c(T(2, 3, 4, 5, 6, dtype=f64), T(2, 3, 4, 5, 3, dtype=f64, gen=GRID3), 0, 0, False), c(T(0, 3, 4, 5, 6), T(0, 3, 4, 5, 3), 0, 0, False),
    c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 3, gen=GRID3), 2, 0, False).op("grid_sampler").raises(),
    c(T(2, 3, 4), T(2, 4, 1), 0, 0, False).op("grid_sampler").raises(), c(T(2, 3, 4, 5, 6), T(2, 3, 4, 3), 0, 0, False).op("grid_sampler").raises(),
    c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 2), 0, 0, False).op("grid_sampler").raises(), c(T(2, 3, 0, 5, 6), T(2, 3, 4, 5, 3), 0, 0, False).op("grid_sampler").raises(),
    c(T(2, 3, 4, 5, 6), T(2, 3, 4, 5, 3, dtype=f64), 0, 0, False).op("grid_sampler").raises(),
    c(T(2, 3, 4, 5, 6, dtype=i64), T(2, 3, 4, 5, 3, dtype=i64), 0, 0, False).op("grid_sampler").raises(),
], form="aten", tol=NN_TOL, family="nn")
op("_upsample_nearest_exact1d", [
    c(T(2, 3, 5), [9]), c(T(2, 3, 5), [3]), c(T(2, 3, 5), [7], 1.7), c(T(1, 2, 4, dtype=f64), [8]),
    c(T(2, 3, 5, layout="transposed"), [11]), c(T(0, 3, 5), [7]), c(T(1, 2, 6, dtype=u8), [4]),
    c(T(2, 3, 5), [0]).raises(), c(T(2, 3, 5, dtype=i64), [4]).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("_upsample_nearest_exact2d", [
    c(T(1, 2, 3, 4), [5, 7]), c(T(2, 1, 7, 5), [3, 2]), c(T(1, 2, 3, 4), [6, 9], 2.1, 2.3), c(T(1, 2, 3, 4, dtype=f64), [4, 4]),
    c(T(1, 2, 3, 4, layout="transposed"), [5, 5]), c(T(0, 2, 3, 4), [5, 5]), c(T(1, 2, 3, 4, dtype=bf16), [5, 6]).raises(),
    c(T(1, 2, 3, 4), [0, 5]).raises(), c(T(1, 2, 3, 4, dtype=i64), [5, 5]).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("_upsample_nearest_exact3d", [
    c(T(1, 2, 2, 3, 4), [3, 5, 7]), c(T(1, 1, 5, 4, 6), [2, 3, 4]), c(T(1, 1, 2, 3, 4, dtype=f64), [4, 4, 4], 1.9, 1.4, 1.1),
    c(T(1, 2, 2, 3, 4, layout="transposed"), [3, 4, 5]), c(T(0, 2, 2, 3, 4), [3, 5, 6]),
    c(T(1, 2, 2, 3, 4), [0, 5, 7]).raises(), c(T(1, 2, 2, 3, 4, dtype=i64), [3, 5, 7]).raises(),
    c(T(1, 2, 2, 3, 4, dtype=bf16), [3, 5, 7]).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("_upsample_bilinear2d_aa", [
    c(T(1, 2, 9, 7), [4, 3], False), c(T(1, 2, 9, 7), [4, 3], True), c(T(1, 2, 9, 7), [12, 5], False), c(T(1, 2, 9, 7), [3, 10], True),
    c(T(2, 1, 8, 8), [3, 3], False, 0.4, 0.4), c(T(1, 2, 9, 7, dtype=f64), [4, 3], False), c(T(1, 2, 9, 7, dtype=f64), [2, 5], True),
    c(T(1, 2, 9, 7, layout="transposed"), [4, 3], False), c(T(0, 2, 9, 7), [4, 3], False), c(T(1, 1, 9, 7), [1, 1], False),
    c(T(1, 2, 9, 7), [0, 3], False).raises(), c(T(1, 2, 9, 7, dtype=bf16), [4, 3], False).raises(),
], form="aten", tol=NN_TOL, family="nn")
op("_upsample_bicubic2d_aa", [
    c(T(1, 2, 9, 7), [4, 3], False), c(T(1, 2, 9, 7), [4, 3], True), c(T(1, 2, 9, 7), [12, 5], False), c(T(1, 2, 9, 7), [3, 10], True),
    c(T(2, 1, 8, 8), [3, 3], False, 0.4, 0.4), c(T(1, 2, 9, 7, dtype=f64), [4, 3], False), c(T(1, 2, 9, 7, dtype=f64), [2, 5], True),
    c(T(1, 2, 9, 7, layout="transposed"), [4, 3], False), c(T(0, 2, 9, 7), [4, 3], False), c(T(1, 1, 9, 7), [1, 1], False),
    c(T(1, 2, 9, 7), [0, 3], False).raises(), c(T(1, 2, 9, 7, dtype=i64), [4, 3], False).raises(),
], form="aten", tol=NN_TOL, family="nn")
import samples_products  # noqa: E402,F401  (products, cross, scatter_reduce, as_strided: tests/ops/samples_products.py)
import samples_unary_math  # noqa: E402,F401  (pointwise unary math ops (exp2 ... xlogy): tests/ops/samples_unary_math.py)
import samples_activations  # noqa: E402,F401  (activation functions and conv1d/conv_transpose1d/conv_transpose2d: tests/ops/samples_activations.py)
import samples_binary_full  # noqa: E402,F401  (the full family's binary/ternary pointwise ops (fmod ... clip): tests/ops/samples_binary_full.py)
import samples_reductions_full  # noqa: E402,F401  (reductions and scans, matrix-vector products and random creation ops: tests/ops/samples_reductions_full.py)
import samples_movement  # noqa: E402,F401  (shape and movement ops: tests/ops/samples_movement.py)
import samples_indexing  # noqa: E402,F401  (indexing ops (index_select, gather, scatter, take, put, masked_*, nonzero): tests/ops/samples_indexing.py)
import samples_binding  # noqa: E402,F401  (numbers for Tensor arguments, dtype= with out=: tests/ops/samples_binding.py)
import samples_optim  # noqa: E402,F401  (the fused optimizer updates _ts_optim_*_ against torch.optim's steps: tests/ops/samples_optim.py)
