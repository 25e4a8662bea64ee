"""Conformance samples of torch.linalg (imported by samples.py; same vocabulary, spec.py).

QR, SVD and eigh outputs are compared as they are, signs included: PyTorch 1.13 (Debian's build)
and the registry both run OpenBLAS's LAPACK (geqrf/orgqr, gesdd, syevd) on the same
column-major copy of the input, so they make the same sign choices. Samples whose matrices have
repeated singular values or eigenvalues (where the factors are not unique) are avoided.
"""
from spec import T, V, c, f64, i64, op, INF, NAN  # noqa: F401

TOL = {"float32": (1e-4, 1e-5), "float64": (1e-7, 1e-7)}


def _spd(n, k=0):
    """An n x n symmetric positive-definite matrix (row-major values): B B^T + n I."""
    b = [[((i * 7 + j * 3 + k * 5) % 11 - 5) / 4.0 for j in range(n)] for i in range(n)]
    return [sum(b[i][t] * b[j][t] for t in range(n)) + (n if i == j else 0.0)
            for i in range(n) for j in range(n)]


def SPD(*shape, dtype="float32", layout="contiguous"):
    """A batch of distinct SPD matrices (symmetric, so `transposed` is the same matrix)."""
    n = shape[-1]
    count = 1
    for s in shape[:-2]:
        count *= s
    vals = []
    for k in range(max(count, 1)):
        vals += _spd(n, k)
    return T(*shape, dtype=dtype, gen=V(*vals), layout=layout)


SING = V(1.0, 2.0, 2.0, 4.0)
NOT_PD = V(1.0, 2.0, 2.0, 1.0)

op("linalg_inv", [
    c(T(3, 3)), c(T(2, 3, 3)), c(T(4, 4, layout="transposed")), c(T(3, 3, dtype=f64)), c(T(2, 1, 2, 2)),
    c(T(0, 3, 3)), c(T(0, 0)),
    c(T(2, 3)).raises(), c(T(3)).raises(), c(T(3, 3, dtype=i64)).raises(),
    c(T(2, 2, gen=SING)).raises(), c(T(2, 2, 2, gen=V(1.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 4.0))).raises(),
    c(T(3, 3), out=T(0)), c(T(2, 3, 3), out=T(5)), c(T(3, 3), out=T(0, dtype=f64)).raises(),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_det", [
    c(T(3, 3)), c(T(2, 4, 4)), c(T(3, 3, layout="transposed")), c(T(3, 3, dtype=f64)), c(T(2, 2, gen=V(0.0, 1.0, 1.0, 0.0))),
    c(T(2, 2, gen=SING)), c(T(0, 3, 3)), c(T(0, 0)),
    c(T(2, 3)).raises(), c(T(3)).raises(), c(T(3, 3, dtype=i64)).raises(),
    c(T(3, 3), out=T(0)), c(T(3, 3), out=T(0, dtype=f64)).raises(),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_slogdet", [
    c(T(3, 3)), c(T(2, 3, 3)), c(T(3, 3, layout="transposed")), c(T(4, 4, dtype=f64)),
    c(T(2, 2, gen=V(0.0, 1.0, 1.0, 0.0))), c(T(0, 2, 2)),
    c(T(2, 3)).raises(), c(T(3, 3, dtype=i64)).raises(),
    c(T(2, 3, 3), sign=T(0), logabsdet=T(0)), c(T(3, 3), sign=T(0), logabsdet=T(0, dtype=f64)).raises(),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_solve", [
    c(T(3, 3), T(3, 2)), c(T(3, 3), T(3)), c(T(2, 3, 3), T(3, 1)), c(T(2, 3, 3), T(2, 3)),
    c(T(3, 3, layout="transposed"), T(3, 2, layout="transposed")), c(T(3, 3), T(2, 3), left=False),
    c(T(3, 3, dtype=f64), T(3, 4, dtype=f64)), c(T(1, 3, 3), T(2, 3, 2)), c(T(0, 3, 3), T(0, 3, 2)),
    c(T(3, 3), T(2)).raises(), c(T(3, 3), T(2, 2)).raises(), c(T(3, 3), T(3, dtype=f64)).raises(),
    c(T(3, 3, dtype=i64), T(3, dtype=i64)).raises(), c(T(2, 3), T(2)).raises(),
    c(T(2, 2, gen=SING), T(2)).raises(), c(T(3, 3), T(2), left=False).raises(),
    c(T(3, 3), T(3, 2), out=T(0)), c(T(3, 3), T(2, 3), left=False, out=T(2, 3)),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_cholesky", [
    c(SPD(3, 3)), c(SPD(2, 3, 3)), c(SPD(4, 4, layout="transposed")), c(SPD(3, 3), upper=True),
    c(SPD(2, 2, 2, dtype="float64")), c(T(0, 3, 3)),
    c(T(2, 2, gen=NOT_PD)).raises(), c(T(2, 2, 2, gen=V(1.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 1.0))).raises(),
    c(T(2, 3)).raises(), c(T(2, 2, dtype=i64)).raises(),
    c(SPD(3, 3), out=T(0)), c(SPD(3, 3), upper=True, out=T(0)),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_qr", [
    c(T(4, 3)), c(T(3, 4)), c(T(2, 4, 3)), c(T(3, 3), "complete"), c(T(4, 3), "complete"), c(T(3, 4), "complete"),
    c(T(4, 3), "r"), c(T(3, 4, layout="transposed")), c(T(4, 3, dtype=f64)), c(T(0, 4, 3)),
    c(T(2, 3), "foo").raises(), c(T(3)).raises(), c(T(2, 2, dtype=i64)).raises(),
    c(T(4, 3), Q=T(0), R=T(0)), c(T(4, 3), "complete", Q=T(0), R=T(0)),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_svd", [
    c(T(3, 3)), c(T(4, 3), False), c(T(3, 4), False), c(T(2, 3, 3)), c(T(2, 4, 3), full_matrices=False),
    c(T(4, 3)), c(T(3, 4)), c(T(3, 4, layout="transposed"), False), c(T(4, 3, dtype=f64), False),
    c(T(0, 3, 2)), c(T(0, 3)), c(T(3, 0), False),
    c(T(3)).raises(), c(T(2, 2, dtype=i64)).raises(), c(T(2, 2), driver="gesvd").raises(),
    c(T(4, 3), False, U=T(0), S=T(0), Vh=T(0)),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_svdvals", [
    c(T(3, 3)), c(T(4, 3)), c(T(2, 3, 5)), c(T(3, 4, layout="transposed")), c(T(4, 3, dtype=f64)), c(T(0, 3, 2)),
    c(T(3)).raises(), c(T(2, 2, dtype=i64)).raises(), c(T(2, 2), driver="gesvd").raises(),
    c(T(4, 3), out=T(0)),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_eigh", [
    c(SPD(3, 3)), c(SPD(2, 3, 3)), c(SPD(3, 3), "U"), c(SPD(4, 4, layout="transposed")),
    c(SPD(3, 3, dtype="float64")), c(T(0, 3, 3)),
    c(T(2, 3)).raises(), c(SPD(2, 2), "X").raises(), c(T(2, 2, dtype=i64)).raises(),
    c(SPD(3, 3), eigvals=T(0), eigvecs=T(0)),  # out=
], form="aten", tol=TOL, family="linalg")

# gelsy (the default driver) runs with PyTorch's uninitialized pivot array, so its last bits
# vary from run to run on general inputs (and its rank on wide ones); its samples use a scaled
# permutation matrix, where every step is exact. The other drivers take random inputs.
A43 = V(0.0, 2.0, 0.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0)
op("linalg_lstsq", [
    c(T(4, 3, gen=A43), T(4, 2)), c(T(4, 3, gen=A43), T(4)), c(T(2, 4, 3), T(2, 4, 2), driver="gelsd"),
    c(T(2, 4), T(2, 2), driver="gelsd"),
    c(T(5, 3), T(5, 2), driver="gels"), c(T(5, 3), T(5, 2), driver="gelsd"), c(T(5, 3), T(5, 2), driver="gelss"),
    c(T(2, 5, 3), T(2, 5), driver="gelsd"), c(T(4, 3, gen=A43), T(4, 2), 1e-3),
    c(T(4, 3, layout="transposed"), T(4, 2), driver="gelsd"), c(T(4, 3, dtype=f64, gen=A43), T(4, 2, dtype=f64)),
    c(T(4, 3, dtype=f64), T(4, 2, dtype=f64), driver="gels"), c(T(0, 4, 3), T(0, 4, 2)),
    c(T(4, 3), T(4, 2), driver="foo").raises(), c(T(4, 3, dtype=i64), T(4, 2, dtype=i64)).raises(),
    c(T(4, 3), T(4, 2, dtype=f64)).raises(), c(T(3), T(3)).raises(), c(T(3, 2), T(2, 2)).raises(), c(T(4, 3), T(3)).raises(),
    c(T(4, 3), T(4, 2), solution=T(0), residuals=T(0), rank=T(0, dtype=i64), singular_values=T(0)),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_pinv", [
    c(T(3, 4)), c(T(4, 3)), c(T(2, 3, 3)), c(SPD(3, 3), hermitian=True), c(T(3, 4), 0.3),
    c(T(3, 4), atol=0.5), c(T(4, 3), rtol=0.2), c(T(4, 3, layout="transposed")), c(T(3, 4, dtype=f64)),
    c(T(3, 3, gen=V(1.0, 2.0, 3.0, 2.0, 4.0, 6.0, 1.0, 1.0, 1.0))), c(T(0, 3)), c(T(2, 0, 3)),
    c(T(2, 2, dtype=i64)).raises(), c(T(3)).raises(),
    c(T(4, 3), out=T(0)), c(T(4, 3), out=T(0, dtype=f64)),  # out= (casts)
], form="aten", tol=TOL, family="linalg")

LOW_RANK = V(1.0, 2.0, 3.0, 2.0, 4.0, 6.0, 1.0, 1.0, 1.0)
op("linalg_matrix_rank", [
    c(T(3, 4)), c(T(3, 3, gen=LOW_RANK)), c(T(2, 3, 3, gen=LOW_RANK)), c(SPD(3, 3), hermitian=True),
    c(T(3, 4), 1.0), c(T(3, 4), atol=1.0), c(T(3, 4), rtol=0.5), c(T(4, 3, layout="transposed")),
    c(T(3, 3, dtype=f64, gen=LOW_RANK)), c(T(0, 3, 3)), c(T(2, 0, 3)),
    c(T(2, 2, dtype=i64)).raises(), c(T(3)).raises(),
    c(T(4, 3), out=T(0, dtype=i64)),  # out=
], form="aten", family="linalg")

op("linalg_matrix_power", [
    c(T(3, 3), 0), c(T(3, 3), 1), c(T(3, 3), 2), c(T(3, 3), 3), c(T(2, 3, 3), 5), c(T(3, 3), -1),
    c(T(2, 3, 3), -2), c(T(3, 3, layout="transposed"), 4), c(T(3, 3, dtype=i64), 3), c(T(3, 3, dtype=f64), 6),
    c(T(0, 2, 2), 3),
    c(T(2, 3), 2).raises(), c(T(3), 2).raises(), c(T(2, 2, dtype=i64), -1).raises(), c(T(2, 2, gen=SING), -1).raises(),
    c(T(3, 3), 3, out=T(0)), c(T(3, 3), 2, out=T(0, dtype=f64)).raises(),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_vector_norm", [
    c(T(3, 4)), c(T(3, 4), 1), c(T(3, 4), INF), c(T(3, 4), -INF), c(T(3, 4), 0), c(T(3, 4), 3.5), c(T(3, 4), 0.5),
    c(T(3, 4), -1), c(T(2, 3, 4), 2, [1]), c(T(2, 3, 4), 2, [0, 2], True), c(T(3, 4), dtype=f64),
    c(T(4, 3, layout="transposed"), 3, [0]), c(T(3, 6, layout="strided"), 1, [1]), c(T()), c(T(0, 3)),
    c(T(0, 3), INF, [1]), c(T(3, 4, dtype=f64), 2.5, [-1], True),
    c(T(0, 3), INF).raises(), c(T(0, 3), INF, [0]).raises(), c(T(0, 3), -1).raises(),
    c(T(3, dtype=i64)).raises(), c(T(3), dtype=i64).raises(),
    c(T(4, 3), out=T(0)), c(T(4, 3), 1, 1, out=T(0)),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_matrix_norm", [
    c(T(3, 4)), c(T(3, 4), "nuc"), c(T(3, 4), 2), c(T(3, 4), -2), c(T(3, 4), 1), c(T(3, 4), -1), c(T(3, 4), INF),
    c(T(3, 4), -INF), c(T(2, 3, 4), 1, [0, 2]), c(T(2, 3, 4), "nuc", [2, 0], True), c(T(2, 3, 4), -1, [1, 2], True),
    c(T(2, 3, 4), 2, [0, 1], True), c(T(3, 4), dtype=f64), c(T(4, 3, layout="transposed"), INF),
    c(T(3, 4, dtype=f64), "fro", [-1, -2]), c(T(0, 3, 4)),
    c(T(3, 4), 3).raises(), c(T(3, 4), "foo").raises(), c(T(3)).raises(), c(T(3, 4), 1, [0, 0]).raises(),
    c(T(3, 4, dtype=i64)).raises(),
    c(T(4, 3), "nuc", out=T(0)), c(T(4, 3), 2, out=T(0, dtype=f64)).raises(),  # out=
], form="aten", tol=TOL, family="linalg")

op("linalg_norm", [
    c(T(3, 4)), c(T(3), 3), c(T(3, 4), "fro"), c(T(3, 4), "nuc"), c(T(3, 4), 2), c(T(3, 4), INF),
    c(T(2, 3, 4), None, [1]), c(T(2, 3, 4), 1, [0, 1]), c(T(2, 3, 4), INF, [1], True), c(T(2, 3, 4), "fro", [0, 2], True),
    c(T(3, 4), dtype=f64), c(T(4, 3, layout="transposed"), -1), c(T(0, 3)),
    c(T(2, 2, 2), 2).raises(), c(T(2, 2, 2), None, [0, 1, 2]).raises(), c(T(3), "fro").raises(),
    c(T(3, 3, dtype=i64)).raises(),
    c(T(4, 3), out=T(0)), c(T(4, 3), "fro", out=T(0)),  # out=
], form="aten", tol=TOL, family="linalg")

# The older names: torch.det/inverse/slogdet/logdet/matrix_power and their Tensor methods.
op("det", [c(T(3, 3)), c(T(2, 3, 3)).method(), c(T(2, 3)).raises()], tol=TOL, family="linalg")
op("inverse", [c(T(3, 3)), c(T(2, 3, 3)).method(), c(T(2, 2, gen=SING)).raises()], tol=TOL, family="linalg")
op("slogdet", [c(T(3, 3)), c(T(2, 3, 3)).method()], tol=TOL, family="linalg")
op("logdet", [c(T(3, 3)), c(SPD(2, 3, 3)).method(), c(T(2, 2, gen=V(0.0, 1.0, 1.0, 0.0)))], tol=TOL, family="linalg")
op("matrix_power", [c(T(3, 3), 3), c(T(2, 3, 3), -1).method(), c(T(3), 2).raises()], tol=TOL, family="linalg")
