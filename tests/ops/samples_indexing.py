"""Conformance samples of indexing ops (index_select, gather, scatter, take, put, masked_*, nonzero) (imported by samples.py; same vocabulary, spec.py).

Accumulating samples (index_add, scatter_add, put with accumulate, scatter reduce=) with duplicate
indices use small integers and halves, so every sum is exact in any order. Non-accumulating writes
(index_copy, scatter, put) never write one place twice: PyTorch leaves the winner unspecified.
"""
from spec import (INF, NAN, T, U, V, Ar, B, N, b8, bf16, c, f16, f32, f64, i8, i16, i32, i64,  # noqa: F401
                  op, u8)
from samples import I, M, LI, SPECIAL, unary, binary, reduce  # noqa: F401

EXACT = V(1.0, -2.0, 0.5, 3.0, -1.5, 2.5, 0.0, -4.0)  # small values whose sums are exact


def X(*shape, dtype=f32, layout="contiguous"):  # float values with exact sums
    return T(*shape, dtype=dtype, gen=EXACT, layout=layout)


def IV(*shape, vals, dtype=i64, layout="contiguous"):  # an index tensor with these values (memory order)
    return T(*shape, dtype=dtype, gen=V(*vals), layout=layout)


# ---- index_select ----

op("index_select", [
    c(T(5, 3), 0, I(4, hi=5)), c(T(5, 3), 1, I(4, hi=3)), c(T(5, 3), -1, I(2, hi=3)), c(T(5, 3), -2, LI(4, 0, 4)),
    c(T(5, 3), 0, I(3, hi=5, dtype=i32)), c(T(2, 3, 4), 1, I(5, hi=3)), c(T(5, 3), 0, I(hi=5)),
    c(T(5, 3), 0, I(0, hi=5)), c(T(0, 3), 1, I(2, hi=3)), c(T(0, 3), 0, I(0, hi=1)), c(T(), 0, I(hi=1)),
    c(T(), 0, I(1, hi=1)), c(T(), -1, I(1, hi=1, dtype=i32)), c(T(4, 5, layout="transposed"), 1, I(3, hi=5)),
    c(T(4, 5, layout="transposed"), 0, I(3, hi=4)), c(T(3, 5, layout="strided"), 1, I(4, hi=5)),
    c(T(3, 5, layout="expanded"), 0, I(2, hi=3)), c(T(4, 3, layout="offset"), 0, I(3, hi=4, layout="strided")),
    c(T(5, 3, dtype=f64), 0, I(2, hi=5)), c(T(5, dtype=f16), 0, I(3, hi=5)), c(T(5, dtype=bf16), 0, I(3, hi=5)),
    c(T(4, 2, dtype=i64), 0, I(3, hi=4)), c(T(4, 2, dtype=i32), 1, I(3, hi=2)), c(T(6, dtype=u8), 0, I(4, hi=6)),
    c(T(6, dtype=i8), 0, I(2, hi=6)), c(T(6, dtype=i16), 0, I(2, hi=6)), c(T(3, 4, dtype=b8), 1, I(3, hi=4)),
    c(T(5, gen=SPECIAL), 0, I(4, hi=5)),
    c(T(5, 3), 0, I(4, hi=5)).method(), c(T(5, 3), 1, I(2, hi=3)).out(T(0)),
    c(T(5, 3, dtype=i64), 0, I(2, hi=5)).out(T(2, 3, dtype=i64)),
    c(T(5, 3), 0, I(2, hi=5)).out(T(2, 3, dtype=f64)).raises(),
    c(T(5, 3), 0, LI(5)).raises(), c(T(5, 3), 0, LI(-1)).raises(), c(T(5, 3), 1, LI(0, -4)).raises(),
    c(T(5, 3), 0, T(2)).raises(), c(T(5, 3), 0, I(2, 2, hi=5)).raises(), c(T(5, 3), 2, I(2, hi=3)).raises(),
    c(T(5, 3), -3, I(2, hi=3)).raises(), c(T(5, 3), 0, I(2, hi=5, dtype=i16)).raises(),
    c(T(0, 3), 0, LI(0)).raises(), c(T(), 0, LI(1)).raises(),
], family="index")

# ---- index_add (duplicates accumulate) ----

op("index_add", [
    c(X(5, 3), 0, LI(0, 2, 0, 4), X(4, 3)), c(X(5, 3), 1, LI(2, 2), X(5, 2)), c(X(5, 3), -1, LI(0, 1, 0), X(5, 3)),
    c(X(5, 3), -2, IV(3, vals=(4, 4, 1), dtype=i32), X(3, 3)), c(X(5, 3), 0, LI(1, 1, 3), X(3, 3), alpha=2),
    c(X(5, 3), 0, LI(1, 3), X(2, 3), alpha=-0.5), c(X(2, 3, 4), 2, LI(3, 0, 3), X(2, 3, 3)),
    c(X(5, 3), 0, I(0, hi=5), X(0, 3)), c(X(0, 3), 1, LI(1, 1), X(0, 2)), c(X(), 0, LI(0), X()),
    c(X(), 0, IV(vals=(0,)), X(1)), c(X(3), 0, IV(vals=(2,)), X()),
    c(X(4, 5, layout="transposed"), 1, LI(4, 0, 4), X(4, 3)), c(X(4, 5), 0, LI(3, 3), X(2, 5, layout="transposed")),
    c(X(3, 4), 1, IV(3, vals=(9, 3, 9, 0), layout="strided"), X(3, 3, layout="strided")),
    c(X(3, 4), 0, LI(2, 0, 2), X(3, 4, layout="expanded")), c(X(4, 3, layout="offset"), 0, LI(0, 0), X(2, 3)),
    c(X(5, 3, dtype=f64), 0, LI(0, 0, 4), X(3, 3, dtype=f64), alpha=1.5),
    c(X(5, dtype=f16), 0, LI(0, 2, 2), X(3, dtype=f16)), c(X(5, dtype=bf16), 0, LI(4, 4), X(2, dtype=bf16)),
    c(T(5, 2, dtype=i64), 0, LI(1, 1, 0), T(3, 2, dtype=i64), alpha=3),
    c(T(5, dtype=i32), 0, IV(3, vals=(1, 1, 0), dtype=i32), T(3, dtype=i32)),
    c(T(4, dtype=u8), 0, LI(3, 1), T(2, dtype=u8)), c(T(4, dtype=b8), 0, LI(3, 1), T(2, dtype=b8)),
    c(T(4, dtype=i64), 0, LI(3, 1, 1), T(3, dtype=i64), alpha=-2.5),  # alpha truncates to -2
    c(X(5, 3), 0, LI(0, 2, 0), X(3, 3)).method(), c(X(5, 3), 1, LI(0, 0), X(5, 2), alpha=2).inplace(),
    c(X(5, 3), 0, LI(4, 4), X(2, 3)).out(T(0)), c(X(4, 5, layout="transposed"), 1, LI(4, 0, 4), X(4, 3)).inplace(),
    c(X(3, 5, layout="strided"), 0, LI(2, 2), X(2, 5, layout="transposed")).inplace(),
    c(X(5, 3), 0, LI(5), X(1, 3)).raises(), c(X(5, 3), 0, LI(-1), X(1, 3)).raises(),
    c(X(5, 3), 0, T(2), X(2, 3)).raises(), c(X(5, 3), 0, IV(1, 1, vals=(0,)), X(1, 3)).raises(),
    # the source slice broadcasts to self's slice (self.dim() > 1)
    c(X(5, 3), 0, LI(0, 1, 1), X(3)), c(X(5, 3), 0, LI(0, 4), X(2, 1)), c(X(2, 3, 4), 0, LI(1, 1), X(2, 4)),
    c(X(2, 3, 4), 2, LI(1, 1), X(1, 3, 2)), c(X(2, 3, 4), 2, LI(1, 1), X(3, 1, 2)).raises(), c(X(5, 3), 0, I(0, hi=5), X(0, 4)), c(X(5, 3), 0, LI(0), X()).raises(),
    c(X(5), 0, LI(0, 1), X(2, 3)).raises(), c(X(5, 3), 0, LI(7), X(1, 4)).raises(), c(X(0, 3), 1, LI(0), X(7, 1)).raises(),
    c(X(5, 3), 0, LI(0, 1, 2), X(2, 3)).raises(), c(X(5, 3), 0, LI(0, 1), X(2, 3, dtype=f64)).raises(),
    c(X(5, 3), 0, LI(0, 1), X(2, 4)).raises(), c(X(5, 3), 0, LI(0, 1), X(2, 3, 1)).raises(),
    c(X(5, 3), 2, LI(0, 1), X(2, 3)).raises(), c(X(5), 0, I(2, hi=5, dtype=i16), X(2)).raises(),
], family="index")

# ---- index_copy (no index twice) ----

op("index_copy", [
    c(T(5, 3), 0, LI(0, 4, 2), T(3, 3)), c(T(5, 3), 1, LI(2, 0), T(5, 2)), c(T(5, 3), -1, LI(1), T(5, 1)),
    c(T(5, 3), -2, LI(3, 1), T(2, 3)), c(T(2, 3, 4), 2, LI(3, 0, 1), T(2, 3, 3)), c(T(5, 3), 0, I(0, hi=5), T(0, 3)),
    c(T(0, 3), 1, LI(1, 2), T(0, 2)), c(T(), 0, LI(0), T()), c(T(), 0, IV(vals=(0,)), T(1)), c(T(4), 0, IV(vals=(3,)), T()),
    c(T(4, 5, layout="transposed"), 1, LI(4, 0), T(4, 2)), c(T(4, 5), 0, LI(3, 0), T(2, 5, layout="transposed")),
    c(T(3, 4), 1, IV(2, vals=(9, 3, 9, 1), layout="strided"), T(3, 2, layout="strided")),
    c(T(3, 4), 0, LI(2, 0), T(2, 4, layout="expanded")), c(T(4, 3, layout="offset"), 0, LI(1, 2), T(2, 3)),
    c(T(5, 3), 0, LI(-1, -5), T(2, 3)).raises(),
    c(T(5, dtype=f64), 0, LI(0, 2), T(2, dtype=f64)), c(T(5, dtype=f16), 0, LI(0, 2), T(2, dtype=f16)),
    c(T(5, dtype=bf16), 0, LI(4), T(1, dtype=bf16)), c(T(5, 2, dtype=i64), 0, LI(1, 0), T(2, 2, dtype=i64)),
    c(T(4, dtype=u8), 0, LI(3, 1), T(2, dtype=u8)), c(T(4, dtype=b8), 0, LI(3, 1), T(2, dtype=b8)),
    c(T(5, 3), 0, LI(0, 3), T(2, 3)).method(), c(T(5, 3), 1, LI(2), T(5, 1)).inplace(),
    c(T(5, 3), 0, LI(4, 1), T(2, 3)).out(T(0)), c(T(3, 5, layout="strided"), 1, LI(4, 0), T(3, 2)).inplace(),
    c(T(4, 5, layout="transposed"), 0, LI(3, 1), T(2, 5, layout="transposed")).inplace(),
    c(T(5, 3), 0, LI(5), T(1, 3)).raises(), c(T(5, 3), 0, LI(-6), T(1, 3)).raises(),
    c(T(5, 3), 0, IV(2, vals=(0, 1), dtype=i32), T(2, 3)).raises(), c(T(5, 3), 0, T(2), T(2, 3)).raises(),
    c(T(5, 3), 0, IV(1, 1, vals=(0,)), T(1, 3)).raises(), c(T(5, 3), 0, LI(0, 1, 2), T(2, 3)).raises(),
    c(T(5, 3), 0, LI(0, 1), T(2, 3, dtype=f64)).raises(), c(T(5, 3), 0, LI(0, 1), T(2, 4)).raises(),
    c(T(5, 3), 0, LI(0, 1), T(2, 3, 1)).raises(), c(T(5, 3), 0, LI(0, 1), T()).raises(),
], family="index")

# ---- index_fill (Scalar and 0-d Tensor value; negative indices count from the end) ----

op("index_fill", [
    c(T(5, 3), 0, LI(0, 4, 2), 1.5), c(T(5, 3), 1, LI(2, 0), -1), c(T(5, 3), -1, LI(-1), 0.0),
    c(T(5, 3), -2, LI(3, 3, -5), 7.0), c(T(2, 3, 4), 2, LI(3, 0), 2.5), c(T(5, 3), 0, I(0, hi=5), 9.0),
    c(T(0, 3), 1, LI(1, 2), 9.0), c(T(), 0, LI(0), 3.0), c(T(), 0, IV(vals=(0,)), 3.0), c(T(4), 0, IV(vals=(3,)), 3.0),
    c(T(5, 3), 0, LI(1, 2), T()), c(T(5, 3), 1, LI(1), T(dtype=f64)), c(T(5, 3, dtype=i64), 0, LI(1), T()),
    c(T(5, 3, dtype=i64), 0, LI(1), 2.7), c(T(4, dtype=b8), 0, LI(0, 2), True), c(T(4, dtype=u8), 0, LI(0, 2), 200), c(T(4, dtype=u8), 0, LI(0, 2), 300).raises(),
    c(T(4, dtype=u8), 0, LI(1), -1), c(T(4, dtype=i8), 0, LI(1), -129).raises(), c(T(4, dtype=f16), 0, LI(1), 1e6).raises(),
    c(T(4, dtype=i32), 0, LI(1), T(dtype=f64, gen=V(3e10))).raises(), c(T(4, dtype=u8), 0, LI(7), 300).raises(),
    c(T(0, dtype=u8), 0, I(0, hi=1), 300).raises(),
    c(T(4, 5, layout="transposed"), 1, LI(4, 0), NAN), c(T(4, 5), 0, IV(2, vals=(9, 3, 9, 1), layout="strided"), INF),
    c(T(3, 4, layout="strided"), 1, LI(3), -0.0), c(T(4, 3, layout="offset"), 0, LI(1, 2), 5),
    c(T(5, dtype=f64), 0, LI(0, 2), 1e300), c(T(5, dtype=f16), 0, LI(0, 2), 1.5), c(T(5, dtype=bf16), 0, LI(4), 1.5),
    c(T(5, dtype=i32), 0, LI(4), -3),
    c(T(5, 3), 0, LI(0, 3), 2.0).method(), c(T(5, 3), 1, LI(2), T()).inplace(), c(T(5, 3), 1, LI(2), 4.0).inplace(), c(T(4, 5, layout="transposed"), 1, LI(4, -5), -2.0).inplace(),
    c(T(3, 4, layout="expanded"), 1, LI(2), 4.0).inplace(),  # deprecated, still allowed
    c(T(5, 3), 0, LI(4, 1), 1.0, out=T(0)).aten(), c(T(5, 3), 0, LI(4, 1), T(), out=T(0)).aten(),  # no out= binding
    c(T(5, 3), 0, LI(5), 1.0).raises(), c(T(5, 3), 0, LI(-6), 1.0).raises(),
    c(T(5, 3), 0, IV(2, vals=(0, 1), dtype=i32), 1.0).raises(), c(T(5, 3), 0, T(2), 1.0).raises(),
    c(T(5, 3), 0, IV(1, 1, vals=(0,)), 1.0).raises(), c(T(5, 3), 0, LI(0), T(1)).raises(),
    c(T(5, 3), 2, LI(0), 1.0).raises(), c(T(5, 3, dtype=i64), 0, LI(1), T(gen=V(2.5))).inplace(),
], family="index")

# ---- gather ----

op("gather", [
    c(T(3, 4), 0, I(2, 4, hi=3)), c(T(3, 4), 1, I(3, 2, hi=4)), c(T(3, 4), -1, I(3, 6, hi=4)),
    c(T(3, 4), -2, I(5, 3, hi=3)), c(T(2, 3, 4), 1, I(2, 2, 3, hi=3)), c(T(3, 4), 0, I(0, 4, hi=3)),
    c(T(3, 4), 1, I(3, 0, hi=4)), c(T(0, 4), 1, I(0, 2, hi=4)), c(T(), 0, I(hi=1)), c(T(), 0, I(1, hi=1)),
    c(T(3), 0, I(hi=3)), c(T(4, 3, layout="transposed"), 1, I(4, 2, hi=3)),
    c(T(3, 4), 1, I(3, 2, hi=4, layout="transposed")), c(T(3, 5, layout="strided"), 0, I(2, 3, hi=3, layout="strided")),
    c(T(3, 4, layout="expanded"), 0, I(3, 4, hi=3, layout="expanded")), c(T(4, 3, layout="offset"), 0, I(2, 3, hi=4)),
    c(T(3, 4, dtype=f64), 0, I(2, 4, hi=3)), c(T(6, dtype=f16), 0, I(4, hi=6)), c(T(6, dtype=bf16), 0, I(4, hi=6)),
    c(T(3, 4, dtype=i64), 1, I(3, 2, hi=4)), c(T(6, dtype=i32), 0, I(3, hi=6)), c(T(6, dtype=u8), 0, I(3, hi=6)),
    c(T(3, 4, dtype=b8), 1, I(3, 5, hi=4)), c(T(5, gen=SPECIAL), 0, I(5, hi=5)),
    c(T(3, 4), 0, I(2, 4, hi=3), sparse_grad=False), c(T(3, 4), 1, I(2, 2, hi=4), sparse_grad=True),
    c(T(3, 4), 0, I(2, 4, hi=3)).method(), c(T(3, 4), 1, I(3, 2, hi=4)).out(T(0)),
    c(T(3, 4), 1, I(3, 2, hi=4)).out(T(3, 2, dtype=f64)).raises(),
    c(T(3, 4), 0, IV(1, 4, vals=(0, 1, 3, 2))).raises(), c(T(3, 4), 0, IV(1, 4, vals=(0, -1, 1, 2))).raises(),
    c(T(3, 4), 0, I(2, 4, hi=3, dtype=i32)).raises(), c(T(3, 4), 0, T(2, 4)).raises(), c(T(3, 4), 0, I(4, hi=3)).raises(),
    c(T(3, 4), 0, I(2, 5, hi=3)).raises(), c(T(3, 4), 2, I(2, 4, hi=3)).raises(), c(T(3, 4), -3, I(2, 4, hi=3)).raises(),
], family="index")

# ---- scatter (src Tensor, value Scalar, reduce='add'/'multiply') ----

op("scatter", [
    c(T(3, 4), 0, IV(2, 4, vals=(0, 1, 2, 2, 2, 0, 1, 0)), T(2, 4)),
    c(T(3, 4), 1, IV(3, 2, vals=(3, 0, 1, 2, 0, 3)), T(3, 5)), c(T(3, 4), -1, IV(3, 1, vals=(2, 0, 3)), 1.5),
    c(T(3, 4), -2, IV(1, 3, vals=(2, 0, 1)), T(2, 4)), c(T(2, 3, 4), 1, IV(2, 1, 4, vals=(0, 2, 1, 1)), -2.0),
    c(T(3, 4), 0, I(0, 4, hi=3), T(2, 4)), c(T(0, 4), 1, I(0, 2, hi=4), T(0, 2)), c(T(3, 4), 0, I(0, 4, hi=3), 1.0),
    c(T(), 0, I(hi=1), T()), c(T(), 0, I(hi=1), 7.0), c(T(3), 0, IV(vals=(2,)), T()),
    c(T(4, 3, layout="transposed"), 1, IV(4, 2, vals=(0, 1, 2, 0, 2, 0, 1, 1), layout="transposed"), T(4, 2)),
    c(T(3, 4), 1, IV(3, 2, vals=(2, 0), layout="expanded"), T(4, 3, layout="transposed")),
    c(T(3, 5, layout="strided"), 1, IV(3, 1, vals=(4, 0, 2)), T(3, 2, layout="strided")),
    c(T(4, 3, layout="offset"), 0, IV(2, 3, vals=(0, 1, 2, 3, 3, 0)), T(2, 3)),
    c(T(3, 4, dtype=f64), 0, IV(1, 4, vals=(2, 0, 1, 1)), T(1, 4, dtype=f64)),
    c(T(5, dtype=f16), 0, IV(2, vals=(4, 0)), T(2, dtype=f16)), c(T(5, dtype=bf16), 0, IV(2, vals=(4, 0)), 2.5),
    c(T(3, 4, dtype=i64), 1, IV(3, 1, vals=(2, 0, 3)), T(3, 1, dtype=i64)), c(T(5, dtype=i32), 0, IV(2, vals=(1, 3)), 2.7),
    c(T(5, dtype=u8), 0, IV(2, vals=(1, 3)), 3), c(T(5, dtype=b8), 0, IV(2, vals=(1, 3)), True),
    c(T(5, dtype=b8), 0, IV(2, vals=(1, 3)), T(2, dtype=b8)), c(T(5, dtype=f64), 0, IV(2, vals=(1, 3)), NAN),
    # reduce='add' / 'multiply': duplicates accumulate (exact values)
    c(X(3, 4), 0, IV(3, 4, vals=(0, 1, 0, 2, 0, 1, 1, 2, 2)), X(3, 4), reduce="add"),
    c(X(3, 4), 1, IV(3, 2, vals=(3, 3, 0, 1, 1, 1)), X(3, 2), reduce="multiply"),
    c(X(3, 4), 0, IV(2, 4, vals=(0, 0, 2, 1, 0, 0)), 2.5, reduce="add"),
    c(X(3, 4), -1, IV(3, 3, vals=(1, 1, 3)), -2.0, reduce="multiply"),
    c(T(3, 4, dtype=i64), 0, IV(2, 4, vals=(1, 1, 2)), T(2, 4, dtype=i64), reduce="add"),
    c(T(3, 4, dtype=i64), 0, IV(2, 4, vals=(1, 1, 2)), 3, reduce="multiply"),
    c(X(4, 3, layout="transposed"), 0, IV(3, 3, vals=(3, 3, 0), layout="transposed"), X(3, 3), reduce="add"),
    c(X(3, 4), 0, I(0, 4, hi=3), X(0, 4), reduce="multiply"), c(X(), 0, I(hi=1), X(), reduce="add"),
    c(X(3, 4), 0, I(2, 4, hi=3), X(2, 4), reduce="mean").raises(),
    c(X(3, 4), 0, I(2, 4, hi=3), 1.0, reduce="sum").raises(),
    # method / in-place / out=
    c(T(3, 4), 0, IV(1, 4, vals=(2, 0, 1, 1)), T(1, 4)).method(),
    c(T(3, 4), 0, IV(1, 4, vals=(2, 0, 1, 1)), 4.0).inplace(),
    c(T(3, 4), 1, IV(3, 1, vals=(2, 0, 3)), T(3, 1)).inplace(),
    c(T(4, 3, layout="transposed"), 1, IV(4, 2, vals=(0, 1, 2, 0, 2, 0, 1, 1), layout="transposed"), T(4, 2)).inplace(),
    c(X(3, 5, layout="strided"), 1, IV(3, 2, vals=(4, 4, 0, 1, 1, 1)), X(3, 2), reduce="add").inplace(),
    c(X(3, 4), 0, IV(3, 4, vals=(1, 1, 0)), X(3, 4), reduce="add").inplace(),
    c(X(3, 4), 0, IV(3, 4, vals=(1, 1, 0)), 2.0, reduce="multiply").inplace(),
    c(T(3, 4), 0, IV(1, 4, vals=(2, 0, 1, 1)), T(1, 4)).out(T(0)), c(T(3, 4), 0, IV(1, 4, vals=(2, 0, 1, 1)), 0.5).out(T(0)),
    c(X(3, 4), 0, IV(2, 4, vals=(1, 1, 0)), X(2, 4), reduce="add").out(T(0)),
    # errors
    c(T(3, 4), 0, IV(1, 4, vals=(0, 3, 1, 2)), T(1, 4)).raises(), c(T(3, 4), 0, IV(1, 4, vals=(0, -1, 1, 2)), 1.0).raises(),
    c(T(3, 4), 0, IV(1, 4, vals=(0, 1, 2, 0), dtype=i32), T(1, 4)).raises(), c(T(3, 4), 0, T(1, 4), T(1, 4)).raises(),
    c(T(3, 4), 0, IV(4, vals=(0, 1, 2, 0)), T(1, 4)).raises(), c(T(3, 4), 0, IV(2, 4, vals=(0, 1, 2)), T(1, 4)).raises(),
    c(T(3, 4), 0, IV(2, 5, vals=(0, 1, 2)), T(2, 5)).raises(), c(T(3, 4), 0, IV(1, 4, vals=(0, 1, 2, 0)), T(1, 4, dtype=f64)).raises(),
    c(T(3, 4), 2, IV(1, 4, vals=(0, 1, 2, 0)), 1.0).raises(), c(T(3, 4), 0, IV(1, 4, vals=(0, 1, 2, 0)), T(1, 4, 1)).raises(),
    c(T(3, 4, dtype=i64), 0, IV(1, 4, vals=(0, 1, 2, 0)), T(1, 4, dtype=i32)).inplace().raises(),
], family="index")

# ---- scatter_add (duplicates accumulate) ----

op("scatter_add", [
    c(X(3, 4), 0, IV(3, 4, vals=(0, 1, 0, 2, 0, 1, 1, 2, 2)), X(3, 4)), c(X(3, 4), 1, IV(3, 2, vals=(3, 3, 0, 1)), X(3, 5)),
    c(X(3, 4), -1, IV(3, 6, vals=(1, 1, 3)), X(3, 6)), c(X(3, 4), -2, I(5, 4, hi=3), X(5, 4)),
    c(X(2, 3, 4), 2, I(2, 3, 5, hi=4), X(2, 3, 5)), c(X(3, 4), 0, I(0, 4, hi=3), X(0, 4)),
    c(X(0, 4), 1, I(0, 2, hi=4), X(0, 2)), c(X(), 0, I(hi=1), X()), c(X(3), 0, IV(vals=(2,)), X()),
    c(X(4, 3, layout="transposed"), 0, IV(3, 3, vals=(3, 3, 0), layout="transposed"), X(3, 3)),
    c(X(3, 4), 1, IV(3, 2, vals=(2, 2), layout="expanded"), X(4, 3, layout="transposed")),
    c(X(3, 5, layout="strided"), 1, IV(3, 4, vals=(4, 0, 4, 1), layout="strided"), X(3, 4, layout="strided")),
    c(X(4, 3, layout="offset"), 0, IV(2, 3, vals=(0, 0, 3)), X(2, 3, layout="offset")),
    c(X(3, 4, dtype=f64), 0, IV(2, 4, vals=(1, 1, 0)), X(2, 4, dtype=f64)),
    c(X(5, dtype=f16), 0, IV(4, vals=(4, 0, 4, 4)), X(4, dtype=f16)), c(X(5, dtype=bf16), 0, IV(3, vals=(4, 4, 1)), X(3, dtype=bf16)),
    c(T(3, 4, dtype=i64), 0, I(4, 4, hi=3), T(4, 4, dtype=i64)), c(T(5, dtype=i32), 0, I(6, hi=5), T(6, dtype=i32)),
    c(T(5, dtype=u8), 0, I(6, hi=5), T(6, dtype=u8)), c(T(5, dtype=b8), 0, I(6, hi=5), T(6, dtype=b8)),
    c(X(3, 4), 0, IV(2, 4, vals=(1, 1, 0)), X(2, 4)).method(), c(X(3, 4), 1, IV(3, 2, vals=(3, 3, 0, 1)), X(3, 2)).inplace(),
    c(X(4, 3, layout="transposed"), 0, IV(3, 3, vals=(3, 3, 0), layout="transposed"), X(3, 3)).inplace(),
    c(X(3, 4), 0, IV(2, 4, vals=(1, 1, 0)), X(2, 4)).out(T(0)),
    c(T(3, 4), 0, IV(1, 4, vals=(0, 3, 1, 2)), T(1, 4)).raises(), c(T(3, 4), 0, IV(1, 4, vals=(0, -1, 1, 2)), T(1, 4)).raises(),
    c(T(3, 4), 0, IV(1, 4, vals=(0, 1, 2, 0), dtype=i32), T(1, 4)).raises(), c(T(3, 4), 0, T(1, 4), T(1, 4)).raises(),
    c(T(3, 4), 0, IV(4, vals=(0, 1, 2, 0)), T(4)).raises(), c(T(3, 4), 0, IV(2, 4, vals=(0, 1, 2)), T(1, 4)).raises(),
    c(T(3, 4), 0, IV(1, 4, vals=(0, 1, 2, 0)), T(1, 4, dtype=f64)).raises(), c(T(3, 4), 2, IV(1, 4, vals=(0, 1)), T(1, 4)).raises(),
], family="index")

# ---- take (negative indices count from the end) ----

op("take", [
    c(T(3, 4), I(5, lo=-12, hi=12)), c(T(3, 4), I(2, 3, hi=12)), c(T(3, 4), I(hi=12)), c(T(), I(2, hi=1)),
    c(T(), LI(-1)), c(T(3, 4), I(0, hi=12)), c(T(0, 3), I(0, hi=1)), c(T(0, 3), I(2, 0, hi=1)),
    c(T(4, 3, layout="transposed"), I(6, hi=12)), c(T(3, 5, layout="strided"), I(4, hi=15, layout="strided")),
    c(T(3, 4, layout="expanded"), I(3, 2, hi=12, layout="transposed")), c(T(4, 3, layout="offset"), I(5, hi=12)),
    c(T(6, dtype=f64), I(3, hi=6)), c(T(6, dtype=f16), I(3, hi=6)), c(T(6, dtype=bf16), I(3, hi=6)),
    c(T(2, 3, dtype=i64), I(4, hi=6)), c(T(6, dtype=i32), I(4, hi=6)), c(T(6, dtype=u8), I(4, hi=6)),
    c(T(2, 3, dtype=b8), I(4, hi=6)), c(T(5, gen=SPECIAL), I(5, hi=5)),
    c(T(3, 4), I(5, hi=12)).method(), c(T(3, 4), I(2, 2, hi=12)).out(T(0)),
    c(T(3, 4), I(2, hi=12)).out(T(2, dtype=f64)).raises(),
    c(T(3, 4), LI(12)).raises(), c(T(3, 4), LI(-13)).raises(), c(T(3, 4), I(3, hi=12, dtype=i32)).raises(),
    c(T(3, 4), T(3)).raises(), c(T(0, 3), LI(0)).raises(),
], family="index")

# ---- take_along_dim (with dim: indices broadcast against self; without: over the flattened self) ----

op("take_along_dim", [
    c(T(3, 4), I(2, 4, hi=3), 0), c(T(3, 4), I(3, 2, hi=4), 1), c(T(3, 4), I(3, 2, hi=4), dim=-1),
    c(T(3, 4), I(1, 2, hi=4), 1), c(T(3, 1), I(3, 5, hi=1), 1), c(T(2, 3, 4), I(2, 1, 1, hi=3), -2),
    c(T(3, 4), I(5, hi=12)), c(T(3, 4), I(2, 3, hi=12)), c(T(3, 4), I(hi=12)), c(T(), I(hi=1)), c(T(), I(hi=1), 0).raises(), c(T(), I(hi=1), -1).raises(),
    c(T(3, 4), I(0, 4, hi=3), 0), c(T(0, 4), I(0, 2, hi=4), 1), c(T(3, 4), I(0, hi=12)),
    c(T(4, 3, layout="transposed"), I(4, 2, hi=3), 1), c(T(3, 4), I(3, 2, hi=4, layout="transposed"), 1),
    c(T(3, 5, layout="strided"), I(2, 5, hi=3, layout="strided"), 0), c(T(3, 4, layout="expanded"), I(4, hi=12)).raises(),  # no dim: self.view(-1)
    c(T(3, 4, dtype=f64), I(2, 4, hi=3), 0), c(T(4, dtype=f16), I(3, hi=4), 0), c(T(4, dtype=bf16), I(3, hi=4)),
    c(T(3, 4, dtype=i64), I(3, 1, hi=4), 1), c(T(3, 4, dtype=b8), I(3, 1, hi=4), 1), c(T(4, dtype=u8), I(3, hi=4)),
    c(T(3, 4), I(2, 4, hi=3), 0).method(), c(T(3, 4), I(3, 2, hi=4), 1).out(T(0)), c(T(3, 4), I(5, hi=12)).out(T(0)),
    c(T(3, 4), I(2, 4, hi=3, dtype=i32), 0).raises(), c(T(3, 4), I(2, hi=12, dtype=i32)).raises(),
    c(T(3, 4), T(2, 4), 0).raises(), c(T(3, 4), I(4, hi=3), 0).raises(), c(T(3, 4), I(2, 3, hi=3), 0).raises(),
    c(T(3, 4), IV(1, 4, vals=(0, 3, 1, 2)), 0).raises(), c(T(3, 4), LI(12)).raises(), c(T(3, 4), IV(1, 4, vals=(0, -1, 1, 2)), 0).raises(),
    c(T(3, 4), I(2, 4, hi=3), 2).raises(),
    c(T(3, 4), I(3, 2, hi=12, layout="transposed")).raises(), c(T(), I(hi=1), 1).raises(),
], family="index")

# ---- put (accumulate: duplicates add; otherwise no index twice; negative indices count from the end) ----

op("put", [
    c(T(3, 4), LI(0, 5, 11), T(3)), c(T(3, 4), LI(-1, -12, 4), T(3)), c(T(3, 4), IV(2, 2, vals=(1, 7, 3, 10)), T(4)),
    c(T(3, 4), IV(2, vals=(1, 7)), T(2, 1)), c(X(3, 4), LI(1, 1, 5, -11, 1), X(5), True),
    c(X(3, 4), LI(2, 2), X(2), accumulate=True), c(X(3, 4), LI(2, 3), X(2), accumulate=False),
    c(T(3, 4), I(0, hi=12), T(0)), c(T(0, 3), I(0, hi=1), T(0)), c(T(), LI(0), T(1)), c(T(), IV(vals=(-1,)), T()),
    c(X(), LI(0, 0, -1), X(3), True),
    c(T(4, 3, layout="transposed"), LI(0, 7, 8), T(3)), c(T(3, 5, layout="strided"), IV(3, vals=(2, 0, 14, 9, 3, 8, 1), layout="strided"), T(3)),
    c(T(3, 4), LI(11, 0, 6), T(3, layout="strided")),
    c(T(4, 3, layout="offset"), LI(2, 3), T(2, layout="expanded")),
    c(X(3, 4, dtype=f64), LI(0, 0, 3), X(3, dtype=f64), True), c(X(6, dtype=f16), LI(1, 1), X(2, dtype=f16), True),
    c(X(6, dtype=bf16), LI(1, 4), X(2, dtype=bf16)), c(T(2, 3, dtype=i64), LI(5, 5, 0), T(3, dtype=i64), True),
    c(T(6, dtype=i32), LI(1, 2), T(2, dtype=i32)), c(T(6, dtype=u8), LI(1, 1), T(2, dtype=u8), True),
    c(T(6, dtype=b8), LI(1, 2), T(2, dtype=b8)), c(T(6, dtype=b8), LI(1, 1), T(2, dtype=b8), True),
    c(T(3, 4), LI(0, 5), T(2)).method(), c(T(3, 4), LI(0, 5), T(2)).inplace(), c(X(3, 4), LI(3, 3), X(2), True).inplace(),
    c(T(4, 3, layout="transposed"), LI(0, 7, -1), T(3)).inplace(), c(X(3, 5, layout="strided"), LI(2, 2, 14), X(3), True).inplace(),
    c(T(3, 4), LI(0, 5), T(2), out=T(0)).aten(),  # torch.put has no out= binding
    c(T(3, 4), LI(12), T(1)).raises(), c(T(3, 4), LI(-13), T(1)).raises(), c(T(3, 4), IV(2, vals=(1, 2), dtype=i32), T(2)).raises(),
    c(T(3, 4), T(2), T(2)).raises(), c(T(3, 4), LI(0, 1, 2), T(2)).raises(), c(T(3, 4), LI(0, 1), T(2, dtype=f64)).raises(),
    c(T(0, 3), LI(0), T(1)).raises(),
], family="index")

# ---- masked_select (mask broadcasts with self) ----

op("masked_select", [
    c(T(3, 4), M(3, 4)), c(T(3, 4), M(4)), c(T(3, 1), M(3, 4)), c(T(4), M(3, 1)), c(T(3, 4), M()), c(T(), M(3)),
    c(T(), M()), c(T(0, 4), M(4)), c(T(3, 4), M(3, 4, p=0.0)), c(T(3, 4), M(3, 4, p=1.0)),
    c(T(4, 3, layout="transposed"), M(4, 3, layout="transposed")), c(T(3, 5, layout="strided"), M(3, 5, layout="strided")),
    c(T(3, 4, layout="expanded"), M(3, 4)), c(T(3, 4), M(3, 4, layout="expanded")), c(T(4, 3, layout="offset"), M(3)),
    c(T(3, 4, dtype=f64), M(3, 4)), c(T(5, dtype=f16), M(5)), c(T(5, dtype=bf16), M(5)), c(T(3, 4, dtype=i64), M(4)),
    c(T(5, dtype=i32), M(5)), c(T(5, dtype=u8), M(5)), c(T(5, dtype=b8), M(5)), c(T(5, gen=SPECIAL), M(5)),
    c(T(5), T(5, dtype=u8, gen=U(0, 2))),
    c(T(3, 4), M(3, 4)).method(), c(T(3, 4), M(4)).out(T(0)), c(T(3, 4), M(4)).out(T(2, 2)),
    c(T(3, 4), M(4)).out(T(0, dtype=f64)).raises(),
    c(T(3, 4), T(3, 4, dtype=i64, gen=U(0, 2))).raises(), c(T(3, 4), T(3, 4)).raises(), c(T(3, 4), M(3)).raises(),
], family="index")

# ---- masked_scatter (source is read in order, one element per true mask element) ----

op("masked_scatter", [
    c(T(3, 4), M(3, 4), T(3, 4)), c(T(3, 4), M(4), T(12)), c(T(3, 4), M(3, 1), T(2, 10)), c(T(3, 4), M(), T(12)),
    c(T(), M(), T()), c(T(), M(), T(3)), c(T(3, 4), M(3, 4, p=0.0), T(0)), c(T(0, 4), M(4), T(0)),
    c(T(3, 4), M(3, 4, p=1.0), T(4, 3)),
    c(T(4, 3, layout="transposed"), M(4, 3, layout="transposed"), T(12)),
    c(T(3, 5, layout="strided"), M(3, 5, layout="strided"), T(4, 4, layout="transposed")),
    c(T(3, 4), M(3, 4, layout="expanded"), T(12, layout="strided")), c(T(4, 3, layout="offset"), M(3), T(3, 4, layout="expanded")),
    c(T(3, 4, dtype=f64), M(3, 4), T(12, dtype=f64)), c(T(5, dtype=f16), M(5), T(5, dtype=f16)),
    c(T(5, dtype=bf16), M(5), T(5, dtype=bf16)), c(T(3, 4, dtype=i64), M(4), T(12, dtype=i64)),
    c(T(5, dtype=i32), M(5), T(5, dtype=i32)), c(T(5, dtype=u8), M(5), T(5, dtype=u8)), c(T(5, dtype=b8), M(5), T(5, dtype=b8)),
    c(T(5, gen=SPECIAL), M(5), T(5, gen=SPECIAL)),
    c(T(3, 4), M(3, 4), T(12)).method(), c(T(3, 4), M(4), T(12)).inplace(), c(T(4, 3, layout="transposed"), M(3), T(12)).inplace(),
    c(T(3, 5, layout="strided"), M(3, 5), T(15, layout="strided")).inplace(), c(T(3, 4), M(3, 4), T(12), out=T(0)).aten(),  # no out= binding
    c(T(4), M(3, 4), T(12)).inplace().raises(), c(T(4), M(3, 4), T(12)), c(T(3, 1), M(4), T(12)),
    c(T(3, 4), M(3, 4, p=1.0), T(11)).raises(), c(T(3, 4), M(3, 4, p=1.0), T(2, 3)).inplace().raises(),
    c(T(3, 4), T(3, 4, dtype=u8, gen=U(0, 2)), T(12)), c(T(3, 4), T(3, 4, dtype=u8, gen=V(1, 0, 2)), T(12)).raises(),
    # Other mask dtypes: PyTorch 1.13 reads each element's first byte as the bool (0/1 int masks work; float
    # masks give nonsense), so only a 0/1 int64 mask is sampled.
    c(T(3, 4), T(3, 4, dtype=i64, gen=U(0, 2)), T(12)), c(T(3, 4), T(4, dtype=i64, gen=V(1, 0, 2)), T(12)).inplace().raises(),
    c(T(3, 4), T(4, dtype=i64, gen=V(1, 0, 256, -1)), T(12)).raises(), c(T(4), T(4, dtype=i32, gen=V(1, 0, 256, 257)), T(4)),
    c(T(4), T(4, gen=V(1.0, 0.0)), T(4)), c(T(3), M(3, p=1.0), T(2)).raises(),
    c(T(4), T(4, dtype=u8, gen=V(1, 1, 1, 2)), T(2)).raises(), 
    c(T(3, 4), M(3, 4), T(12, dtype=f64)).raises(), c(T(3, 4), M(3), T(12)).raises(),
], family="index")

# ---- nonzero / argwhere / nonzero_numpy (torch.nonzero(as_tuple=True)) ----

NONZERO_GEN = V(0.0, 1.5, 0.0, -0.0, NAN, 2.0, 0.0, INF)


def nz():
    return [
        c(T(3, 4, gen=NONZERO_GEN)), c(T(2, 3, 4, gen=U(-1, 2), dtype=i64)), c(T(5, gen=NONZERO_GEN)), c(T(gen=V(2.0))),
        c(T(gen=V(0.0))), c(T(0, 3)), c(T(3, 0, 2)), c(T(3, 4, gen=V(0.0))), c(T(3, 4, gen=V(1.0))),
        c(T(4, 3, gen=NONZERO_GEN, layout="transposed")), c(T(3, 5, gen=NONZERO_GEN, layout="strided")),
        c(T(3, 4, gen=V(0.0, 1.0, 0.0, 0.0, 3.0), layout="expanded")), c(T(4, 3, gen=NONZERO_GEN, layout="offset")),
        c(T(3, 4, gen=NONZERO_GEN, dtype=f64)), c(T(6, gen=NONZERO_GEN, dtype=f16)), c(T(6, gen=NONZERO_GEN, dtype=bf16)),
        c(T(6, dtype=i32, gen=U(-1, 2))), c(T(6, dtype=u8, gen=U(0, 2))), c(T(6, dtype=i8, gen=U(-1, 2))),
        c(T(6, dtype=i16, gen=U(-1, 2))), c(M(3, 4)), c(M()), c(T(1, 1, 1, 1, 2, gen=V(0.0, 1.0))),
        c(T(3, 4, gen=NONZERO_GEN)).method(),
    ]


op("nonzero", nz() + [
    c(T(3, 4, gen=NONZERO_GEN)).out(T(0, dtype=i64)), c(M(5)).out(T(2, 2, dtype=i64)),
    c(T(3, 4, gen=NONZERO_GEN)).out(T(0)).raises(),
], family="index")
op("argwhere", nz(), family="index")
op("nonzero_numpy", [
    c(T(3, 4, gen=NONZERO_GEN)), c(T(5, gen=NONZERO_GEN)), c(T(2, 3, 4, gen=U(-1, 2), dtype=i64)), c(T(0, 3)),
    c(T(4, 3, gen=NONZERO_GEN, layout="transposed")), c(M(3, 4)), c(T(3, 4, gen=V(0.0))), c(T(gen=V(2.0))),
    c(T(gen=V(0.0))),
], form="aten", family="index")
