"""Conformance samples of the tensor products built from other ops (einsum, tensordot, kron,
ger) and of cross, scatter_reduce and as_strided (imported by samples.py; same vocabulary,
spec.py). op_gradcheck also runs these samples: einsum's cover repeated labels (diagonals), a
label summed within one operand, '...' with broadcasting and three operands.
"""
from spec import T, U, V, c, f64, i64, op  # noqa: F401

TOL = {"float32": (1e-5, 1e-5), "float64": (1e-7, 1e-7)}  # summation order differs

op("einsum", [
    c("ij,jk->ik", [T(2, 3), T(3, 4)]), c("ii->i", [T(3, 3)]), c("ii", [T(3, 3)]), c("ij->", [T(2, 3)]),
    c("ij->ji", [T(3, 4, layout="transposed")]), c("bij,bjk->bik", [T(2, 3, 4), T(2, 4, 5)]),
    c("...ij,...jk->...ik", [T(2, 1, 3, 4), T(5, 4, 2)]), c("i,j->ij", [T(3), T(4, layout="strided")]),
    c("i,i->", [T(4), T(4)]), c("ij,kj,k->i", [T(2, 3), T(4, 3), T(4)]), c("iij->j", [T(3, 3, 2)]),
    c("iji->j", [T(3, 2, 3)]), c("ab,b->", [T(2, 3), T(3)]), c("ab,bc->c", [T(2, 3), T(3, 4)]),
    c("ij,j->i", [T(0, 3), T(3)]), c("ij,jk", [T(2, 0), T(0, 4)]), c("i,j", [T(2), T(3)]),
    c("...i,i->...", [T(2, 3), T(3)]), c("bn,anm,bm->ba", [T(2, 3), T(4, 3, 5), T(2, 5)]),
    c("ij,ij->ij", [T(2, 3), T(1, 3)]), c("ij,jk->ik", [T(2, 3, dtype=f64), T(3, 4, dtype=f64)]),
    c("ij,jk->ik", [T(2, 3, dtype=i64), T(3, 4, dtype=i64)]), c("ii->", [T(3, 3, layout="transposed")]),
    c("i...,j...->ij...", [T(2, 3), T(4, 1)]), c("ij,jk->ik", [T(2, 3, layout="expanded"), T(3, 2)]),
    c("ij,jk->ik", [T(2, 3), T(4, 5)]).raises(), c("ij", [T(3)]).raises(), c("ii->i", [T(2, 3)]).raises(),
    c("ij->k", [T(2, 3)]).raises(), c("i,j", [T(2)]).raises(), c("ij->ii", [T(2, 3)]).raises(),
    c("i1", [T(2, 3)]).raises(),
], tol=TOL, family="linalg")

op("tensordot", [
    c(T(2, 3, 4), T(3, 4, 5), [1, 2], [0, 1]), c(T(3, 4), T(4, 5), [1], [0]), c(T(2, 1), T(3, 4), [1], [0]),
    c(T(2, 3), T(1, 4), [1], [0]), c(T(2, 3, layout="transposed"), T(3, 4, layout="strided"), [1], [0]),
    c(T(0, 3), T(3, 2), [1], [0]), c(T(2, 3), T(3, 2), [], []), c(T(2, 3), T(3, 2), [-1], [0]),
    c(T(2, 3, dtype=f64), T(3, 2, dtype=f64), [1], [0]), c(T(2, 3, dtype=i64), T(3, 2, dtype=i64), [1], [0]),
    c(T(2, 3), T(4, 2), [1], [0]).raises(), c(T(2, 3), T(3, 2), [1], [0, 1]).raises(),
    c(T(3, 3), T(3, 3), [0, 0], [0, 1]).raises(),
    # torch.tensordot(a, b, dims=n): PyTorch's Python form
    c(T(2, 3, 4), T(3, 4, 5), dims=2).function(), c(T(3, 4), T(4, 5), 1).function(), c(T(2, 3), T(4), dims=0).function(),
    c(T(2, 3, 4), T(4, 2), 1).function(), c(T(3, 4, layout="transposed"), T(3, 2), dims=1).function().raises(),
    c(T(2, 3), T(3, 2), dims=-1).function().raises(), c(T(2, 3), T(3, 2), dims=3).function().raises(),
], form="aten", tol=TOL, family="linalg")

op("kron", [
    c(T(2, 3), T(3, 2)), c(T(2), T(3)), c(T(2, 3), T(4)), c(T(3, 2, layout="transposed"), T(2, 2)).raises(),
    c(T(2, 2), T(6, layout="strided")),
    c(T(0, 2), T(2, 3)), c(T(), T(3)), c(T(2, 2, dtype=i64), T(2, dtype=i64)), c(T(2), T(2, dtype=f64)),
    c(T(2, 1, 2), T(2, 3)), c(T(2), T(3)).method(), c(T(2), T(3)).out(T(0)),
    c(T(2), T(3)).out(T(0, dtype=i64)).raises(),
], family="linalg")

op("ger", [
    c(T(3), T(4)), c(T(3, layout="strided"), T(2)), c(T(0), T(3)), c(T(3, dtype=f64), T(2, dtype=f64)),
    c(T(3, dtype=i64), T(2, dtype=i64)), c(T(2, 3), T(3)).raises(), c(T(3), T()).raises(),
    c(T(3), T(4)).method(), c(T(3), T(4)).out(T(0)),
], family="linalg")

op("cross", [
    c(T(4, 3), T(4, 3)), c(T(3, 4), T(3, 4)), c(T(3, 4), T(3, 4), 0), c(T(2, 3, 2), T(1, 3, 2), dim=1),
    c(T(3, 4, layout="transposed"), T(3, 4, layout="strided")), c(T(0, 3), T(0, 3)),
    c(T(2, 3, dtype=f64), T(2, 3, dtype=f64)), c(T(2, 3, dtype=i64), T(2, 3, dtype=i64)),
    c(T(2, 4), T(2, 4)).raises(), c(T(2, 3), T(3)).raises(), c(T(2, 3), T(2, 3), 0).raises(),
    c(T(2, 3), T(2, 3)).method(), c(T(2, 3), T(2, 3)).out(T(0)),
], family="linalg")

op("linalg_cross", [
    c(T(4, 3), T(4, 3)), c(T(2, 3), T(1, 3)), c(T(3, 2), T(3, 2), dim=0), c(T(2, 3, 2), T(2, 3, 1), dim=-2),
    c(T(4, 3, layout="transposed"), T(4, 3, layout="offset")), c(T(0, 3), T(1, 3)),
    c(T(2, 3, dtype=f64), T(2, 3, dtype=f64)), c(T(2, 3, dtype=i64), T(2, 3, dtype=i64)),
    c(T(2, 4), T(2, 4)).raises(), c(T(2, 3), T(3)).raises(), c(T(2, 3), T(2, 3, dtype=f64)).raises(),
], form="aten", family="linalg")


def _idx(*shape, hi):
    return T(*shape, dtype=i64, gen=U(0, hi))


def _reduce_samples(r):
    return [
        c(T(3, 4), 0, _idx(2, 4, hi=3), T(2, 4), r), c(T(3, 4), 0, _idx(3, 4, hi=3), T(3, 4), r, include_self=False),
        c(T(3, 4), 1, _idx(3, 2, hi=4), T(3, 5), r),
        c(T(4, 3, layout="transposed"), 1, _idx(4, 2, hi=3), T(4, 2, layout="transposed"), r),
        c(T(5), 0, _idx(4, hi=5), T(6, layout="strided"), r, include_self=False),
    ]


op("scatter_reduce", [
    *_reduce_samples("sum"), *_reduce_samples("prod"), *_reduce_samples("mean"), *_reduce_samples("amax"),
    *_reduce_samples("amin"),
    c(T(3, 4, gen=V(0.0, 1.5, -2.0, 0.5, 1.25)), 0, _idx(3, 4, hi=3), T(3, 4, gen=V(0.75, 0.0, -1.5)), "prod"),
    c(T(3, 4, gen=V(0.0, 1.5, -2.0, 0.5, 1.25)), 0, _idx(3, 4, hi=3), T(3, 4, gen=V(0.75, 0.0, -1.5, 0.0)), "prod",
      include_self=False),
    c(T(3, 4), 0, _idx(0, 4, hi=3), T(0, 4), "sum"), c(T(3, 4, dtype=f64), 0, _idx(2, 4, hi=3), T(2, 4, dtype=f64), "mean"),
    c(T(3, 4, dtype=i64), 0, _idx(3, 4, hi=3), T(3, 4, dtype=i64), "mean"),
    c(T(3, 4, dtype=i64), 0, _idx(3, 4, hi=3), T(3, 4, dtype=i64), "amax", include_self=False),
    c(T(3, 4), 0, _idx(2, 4, hi=3), T(2, 4), "max").raises(), c(T(3, 4), 0, _idx(2, 4, hi=3), T(2, 4, dtype=f64), "sum").raises(),
    c(T(3, 4), 0, T(2, 4, dtype=i64, gen=V(5)), T(2, 4), "sum").raises(),
    c(T(3, 4), 0, _idx(2, 4, hi=3), T(2, 4), "amin").method(), c(T(3, 4), 0, _idx(2, 4, hi=3), T(2, 4), "prod").inplace(),
    c(T(3, 4), 0, _idx(2, 4, hi=3), T(2, 4), "mean", include_self=False).inplace(),
    c(T(3, 4), 0, _idx(2, 4, hi=3), T(2, 4), "sum").out(T(0)),
], family="index")

op("as_strided", [
    c(T(3, 4), [2, 2], [1, 2]), c(T(3, 4), [3, 3], [1, 1]), c(T(3, 4), [2], [5], 1), c(T(3, 4), [2, 3], [4, 1], 2),
    c(T(4, 3, layout="transposed"), [2, 3], [3, 1]), c(T(6, layout="offset"), [2, 2], [2, 1]),
    c(T(3, 4), [0, 2], [1, 1]), c(T(3, 4), [], []), c(T(2, 3, layout="expanded"), [2, 2], [1, 1]),
    c(T(3, 4, dtype=i64), [2, 2], [2, 1]), c(T(3, 4), [2, 2], [1, 1], 20).raises(), c(T(3, 4), [2], [-1]).raises(),
    c(T(3, 4), [2, 2], [1]).raises(), c(T(3, 4), [2, 2], [1, 2]).method(),
], views=True, family="shape")
