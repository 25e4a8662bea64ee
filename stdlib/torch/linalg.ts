# torch.linalg: PyTorch 1.13's functions over the registry's linalg_* operators
# (src/ops/linalg_lapack.cpp, linalg_norm.cpp; out= through linalg_out.cpp). Functions
# returning several tensors (slogdet, qr, svd, eigh, lstsq) return PyTorch's named tuples
# (torch.return_types.linalg_slogdet: `.sign`, `.logabsdet`), and take out= as a tuple.
# eigvalsh, solve_triangular, cond, multi_dot and vecdot are composed as ATen 1.13 composes them
# (BatchLinearAlgebra.cpp, LinearAlgebra.cpp), with its checks and messages. Exactness:
# eigvalsh reads eigh's eigenvalues, which LAPACK computes along with the vectors; PyTorch asks
# for the values alone (syevd with jobz='N'), whose last bits can differ for n >= 3 (a registry
# eigh without vectors would make them equal). solve_triangular solves by substitution through
# linalg.solve on a matrix that is its own LU factorisation: PyTorch's bits for an upper A with
# left=True; a lower A and left=False may differ from PyTorch's trsm in the last bits.
import torch
from torch._dtype_names import _scalar_type_name, _type_meta_name
from typing import Any, List, Optional, Tuple


def norm(A: torch.Tensor, ord: Any = None, dim: Any = None, keepdim: bool = False, *,
         out: Optional[torch.Tensor] = None, dtype: Any = None) -> torch.Tensor:
    if isinstance(ord, str):
        if out is not None:
            return torch.linalg_norm(A, str(ord), dim, keepdim, dtype=dtype, out=out)
        return torch.linalg_norm(A, str(ord), dim, keepdim, dtype=dtype)
    if out is not None:
        return torch.linalg_norm(A, ord, dim, keepdim, dtype=dtype, out=out)
    return torch.linalg_norm(A, ord, dim, keepdim, dtype=dtype)


def vector_norm(x: torch.Tensor, ord: Any = 2, dim: Any = None, keepdim: bool = False, *,
                dtype: Any = None, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.linalg_vector_norm(x, ord, dim, keepdim, dtype=dtype, out=out)
    return torch.linalg_vector_norm(x, ord, dim, keepdim, dtype=dtype)


def matrix_norm(A: torch.Tensor, ord: Any = "fro", dim: Any = (-2, -1), keepdim: bool = False, *,
                dtype: Any = None, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if isinstance(ord, str):
        if out is not None:
            return torch.linalg_matrix_norm(A, str(ord), list(dim), keepdim, dtype=dtype, out=out)
        return torch.linalg_matrix_norm(A, str(ord), list(dim), keepdim, dtype=dtype)
    if out is not None:
        return torch.linalg_matrix_norm(A, ord, list(dim), keepdim, dtype=dtype, out=out)
    return torch.linalg_matrix_norm(A, ord, list(dim), keepdim, dtype=dtype)


def inv(A: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.linalg_inv(A, out=out)
    return torch.linalg_inv(A)


def det(A: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.linalg_det(A, out=out)
    return torch.linalg_det(A)


def slogdet(A: torch.Tensor, *, out: Optional[Tuple[torch.Tensor, torch.Tensor]] = None):
    if out is not None:
        return torch.linalg_slogdet(A, sign=out[0], logabsdet=out[1])
    return torch.linalg_slogdet(A)


def solve(A: torch.Tensor, B: torch.Tensor, *, left: bool = True, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.linalg_solve(A, B, left=left, out=out)
    return torch.linalg_solve(A, B, left=left)


def cholesky(A: torch.Tensor, *, upper: bool = False, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.linalg_cholesky(A, upper=upper, out=out)
    return torch.linalg_cholesky(A, upper=upper)


def qr(A: torch.Tensor, mode: str = "reduced", *, out: Optional[Tuple[torch.Tensor, torch.Tensor]] = None):
    if out is not None:
        return torch.linalg_qr(A, mode, Q=out[0], R=out[1])
    return torch.linalg_qr(A, mode)


def svd(A: torch.Tensor, full_matrices: bool = True, *, driver: Optional[str] = None,
        out: Optional[Tuple[torch.Tensor, torch.Tensor, torch.Tensor]] = None):
    if out is not None:
        return torch.linalg_svd(A, full_matrices, driver=driver, U=out[0], S=out[1], Vh=out[2])
    return torch.linalg_svd(A, full_matrices, driver=driver)


def svdvals(A: torch.Tensor, *, driver: Optional[str] = None, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.linalg_svdvals(A, driver=driver, out=out)
    return torch.linalg_svdvals(A, driver=driver)


def eigh(A: torch.Tensor, UPLO: str = "L", *, out: Optional[Tuple[torch.Tensor, torch.Tensor]] = None):
    if out is not None:
        return torch.linalg_eigh(A, UPLO, eigvals=out[0], eigvecs=out[1])
    return torch.linalg_eigh(A, UPLO)


def lstsq(A: torch.Tensor, B: torch.Tensor, rcond: Optional[float] = None, *, driver: Optional[str] = None,
          out: Optional[Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]] = None):
    if out is not None:
        return torch.linalg_lstsq(A, B, rcond, driver=driver, solution=out[0], residuals=out[1], rank=out[2],
                                  singular_values=out[3])
    return torch.linalg_lstsq(A, B, rcond, driver=driver)


def pinv(A: torch.Tensor, rcond: Optional[float] = None, hermitian: bool = False, *, atol: Optional[float] = None,
         rtol: Optional[float] = None, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if rcond is not None:
        if out is not None:
            return torch.linalg_pinv(A, rcond, hermitian, out=out)
        return torch.linalg_pinv(A, rcond, hermitian)
    if out is not None:
        return torch.linalg_pinv(A, atol=atol, rtol=rtol, hermitian=hermitian, out=out)
    return torch.linalg_pinv(A, atol=atol, rtol=rtol, hermitian=hermitian)


def matrix_rank(A: torch.Tensor, tol: Optional[float] = None, hermitian: bool = False, *, atol: Optional[float] = None,
                rtol: Optional[float] = None, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if tol is not None:
        if out is not None:
            return torch.linalg_matrix_rank(A, tol, hermitian, out=out)
        return torch.linalg_matrix_rank(A, tol, hermitian)
    if out is not None:
        return torch.linalg_matrix_rank(A, atol=atol, rtol=rtol, hermitian=hermitian, out=out)
    return torch.linalg_matrix_rank(A, atol=atol, rtol=rtol, hermitian=hermitian)


def matrix_power(A: torch.Tensor, n: int, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.linalg_matrix_power(A, n, out=out)
    return torch.linalg_matrix_power(A, n)


def cross(input: torch.Tensor, other: torch.Tensor, *, dim: int = -1, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.linalg_cross(input, other, dim=dim, out=out)
    return torch.linalg_cross(input, other, dim=dim)


def eigvalsh(A: torch.Tensor, UPLO: str = "L") -> torch.Tensor:
    return torch.linalg_eigh(A, UPLO)[0]


def _square_check(A: torch.Tensor, name: str) -> None:
    if A.dim() < 2:
        raise RuntimeError(name + ": The input tensor A must have at least 2 dimensions.")
    if A.size(-1) != A.size(-2):
        raise RuntimeError(name + ": A must be batches of square matrices, but they are " + str(A.size(-2)) + " by "
                           + str(A.size(-1)) + " matrices")


def _substitute(M: torch.Tensor, B: torch.Tensor, upper: bool, unitriangular: bool) -> torch.Tensor:
    # The reference trsm (column by column, times the diagonal's reciprocal): for a zero
    # diagonal, where no LU can stand in, it gives trsm's infinities and NaNs.
    X = B.clone()
    n = M.size(-1)
    for step in range(n):
        i = n - 1 - step if upper else step
        xi = X.narrow(-2, i, 1)
        if not unitriangular:
            xi.mul_(M.narrow(-2, i, 1).narrow(-1, i, 1).reciprocal())
        if upper and i > 0:
            X.narrow(-2, 0, i).sub_(M.narrow(-2, 0, i).narrow(-1, i, 1) * xi)
        if not upper and i < n - 1:
            X.narrow(-2, i + 1, n - 1 - i).sub_(M.narrow(-2, i + 1, n - 1 - i).narrow(-1, i, 1) * xi)
    return X


def _solve_triangular_left(A: torch.Tensor, B: torch.Tensor, upper: bool, unitriangular: bool) -> torch.Tensor:
    M = A.triu() if upper else A.tril()
    if unitriangular:
        M = M.clone()
        M.diagonal(0, -2, -1).fill_(1)
    batch = list((torch.empty(list(B.shape[:-2]) + [0]) + torch.empty(list(A.shape[:-2]) + [0])).shape[:-1])
    n = M.size(-1)
    k = B.size(-1)
    M = M.expand(batch + [n, n])
    Bb = B.expand(batch + [n, k])
    if n == 0 or k == 0 or M.numel() == 0:
        return torch.empty(batch + [n, k], dtype=A.dtype)
    if not unitriangular and bool((M.diagonal(0, -2, -1) == 0).any()):
        return _substitute(M, Bb, upper, unitriangular)
    # The LU factorisation of an upper triangular matrix pivots nowhere and is the matrix itself,
    # so linalg.solve (getrf + getrs on the column-major copy) is one trsm with it: PyTorch's own
    # call for an upper A. A lower A is solved as the upper one of the reversed system
    # (P A P)(P X) = P B. One right-hand column would go to trsv there, so it gets a second.
    if not upper:
        rev = torch.arange(n - 1, -1, -1)
        M = M.index_select(-2, rev).index_select(-1, rev)
        Bb = Bb.index_select(-2, rev)
    if k == 1:
        Bb = Bb.expand(batch + [n, 2])
    X = torch.linalg_solve(M, Bb)
    if k == 1:
        X = X.narrow(-1, 0, 1)
    if not upper:
        X = X.index_select(-2, torch.arange(n - 1, -1, -1))
    return X


def solve_triangular(A: torch.Tensor, B: torch.Tensor, *, upper: bool, left: bool = True,
                     unitriangular: bool = False) -> torch.Tensor:
    name = "linalg.solve_triangular"
    if A.dim() < 2:
        raise RuntimeError(name + ": The input tensor A must have at least 2 dimensions.")
    if B.dim() < 2:
        raise RuntimeError(name + ": The input tensor B must have at least 2 dimensions.")
    _square_check(A, name)
    if left and A.size(-1) != B.size(-2) or not left and B.size(-1) != A.size(-2):
        raise RuntimeError(name + ": Incompatible shapes of A and B for the equation " + ("AX = B" if left else "XA = B")
                           + " (" + str(A.size(-2)) + "x" + str(A.size(-1)) + " and " + str(B.size(-2)) + "x"
                           + str(B.size(-1)) + ")")
    if A.dtype != torch.float32 and A.dtype != torch.float64:
        raise RuntimeError("\"triangular_solve_cpu\" not implemented for '" + _scalar_type_name(A.dtype) + "'")
    Bc = B.to(A.dtype)
    if left:
        X = _solve_triangular_left(A, Bc, upper, unitriangular)
    else:
        X = _solve_triangular_left(A.transpose(-2, -1), Bc.transpose(-2, -1), not upper, unitriangular).transpose(-2, -1)
    # PyTorch's result holds each matrix column-major (the order its reductions then take).
    return X.transpose(-2, -1).contiguous().transpose(-2, -1)


def _num_str(v: float) -> str:
    # A double as a C++ stream prints it.
    if v != v:
        return "nan"
    if v == float("inf"):
        return "inf"
    if v == float("-inf"):
        return "-inf"
    return "{:g}".format(v)


def _std_to_string(v: float) -> str:
    # std::to_string(double): "%f".
    if v != v:
        return "nan" if str(v)[0] != "-" else "-nan"
    if v == float("inf"):
        return "inf"
    if v == float("-inf"):
        return "-inf"
    return "{:f}".format(v)


def _cond_inverse(A: torch.Tensor) -> torch.Tensor:
    # linalg_inv_ex with the inverses of singular matrices set to infinity.
    try:
        return torch.linalg_inv(A)
    except RuntimeError as e:
        if "singular" not in str(e):
            raise
    n = A.size(-1)
    flat = A.reshape([-1, n, n])
    parts: List[torch.Tensor] = []
    for i in range(flat.size(0)):
        try:
            parts.append(torch.linalg_inv(flat[i]))
        except RuntimeError:
            parts.append(torch.full([n, n], float("inf"), dtype=A.dtype))
    return torch.stack(parts).reshape(A.shape)


def _cond_helper(A: torch.Tensor, ord: Any) -> torch.Tensor:
    inverse = _cond_inverse(A)
    if isinstance(ord, str):
        result = torch.linalg_matrix_norm(A, str(ord)) * torch.linalg_matrix_norm(inverse, str(ord))
    else:
        result = torch.linalg_matrix_norm(A, ord) * torch.linalg_matrix_norm(inverse, ord)
    inf = float("inf")
    return result.nan_to_num(inf, inf, -inf)


def cond(A: torch.Tensor, p: Any = None) -> torch.Tensor:
    if isinstance(p, str):
        ords: str = p
        _square_check(A, "linalg.cond(ord=" + ords + ")")
        if ords != "fro" and ords != "nuc":
            raise RuntimeError("linalg.cond got an invalid norm type: " + ords)
        if A.numel() == 0:
            return torch.zeros(list(A.shape[:-2]), dtype=A.dtype)
        if ords == "nuc":
            s = torch.linalg_svdvals(A)
            return s.sum(-1) * s.reciprocal().sum(-1)
        return _cond_helper(A, ords)
    if A.dim() < 2:
        raise RuntimeError("linalg.cond: The input tensor must have at least 2 dimensions.")
    ordv: Any = 2 if p is None else p
    is_float = isinstance(ordv, float)
    o = float(ordv)
    if abs(o) != 2.0 and abs(o) != 1.0 and abs(o) != float("inf"):
        raise RuntimeError("linalg.cond got an invalid norm type: " + _num_str(o))
    if A.numel() == 0:
        return torch.zeros(list(A.shape[:-2]), dtype=A.dtype)
    if abs(o) == 2.0:
        s = torch.linalg_svdvals(A)
        s_max = s.narrow(-1, 0, 1)
        s_min = s.narrow(-1, s.size(-1) - 1, 1)
        r = s_min / s_max if o == -2.0 else s_max / s_min
        return r.squeeze(-1)
    _square_check(A, "linalg.cond(ord=" + (_std_to_string(o) if is_float else str(int(o))) + ")")
    return _cond_helper(A, o if is_float else int(o))


def multi_dot(tensors: Any) -> torch.Tensor:  # a list or tuple of tensors
    given: List[torch.Tensor] = []
    for t in tensors:
        given.append(t)
    return _multi_dot(given)


def _multi_dot(tensors: List[torch.Tensor]) -> torch.Tensor:
    n = len(tensors)
    if n < 2:
        raise RuntimeError("multi_dot(): expected at least 2 tensors but got " + str(n))
    out_shape: List[int] = []
    ts: List[torch.Tensor] = list(tensors)
    first = tensors[0]
    if first.dim() == 1:
        ts[0] = first.unsqueeze(0)
    elif first.dim() == 2:
        out_shape.append(first.size(0))
    else:
        raise RuntimeError("multi_dot(): the first tensor must be 1D or 2D but got " + str(first.dim()) + "D")
    last = tensors[n - 1]
    if last.dim() == 1:
        ts[n - 1] = last.unsqueeze(-1)
    elif last.dim() == 2:
        out_shape.append(last.size(1))
    else:
        raise RuntimeError("multi_dot(): the last tensor must be 1D or 2D but got " + str(last.dim()) + "D")
    for i in range(1, n - 1):
        if tensors[i].dim() != 2:
            raise RuntimeError("multi_dot(): tensor " + str(i) + " must be 2D but got " + str(tensors[i].dim()) + "D")
    for i in range(1, n):
        if ts[i].dtype != ts[0].dtype:
            raise RuntimeError("multi_dot(): all tensors must have be the same dtype but tensor 0 is "
                               + _type_meta_name(ts[0].dtype) + " and tensor " + str(i) + " " + _type_meta_name(ts[i].dtype))
        if ts[i - 1].size(-1) != ts[i].size(0):
            raise RuntimeError("multi_dot(): tensors " + str(i - 1) + " and " + str(i) + " with shapes "
                               + str(list(tensors[i - 1].shape)) + " and " + str(list(tensors[i].shape))
                               + " cannot be multiplied")
    if n == 2:
        return ts[0].mm(ts[1]).view(out_shape)
    if n == 3:
        a = ts[0].size(0)
        b = ts[1].size(0)
        c = ts[2].size(0)
        d = ts[2].size(1)
        cost_1 = (a * c) * (b + d)
        cost_2 = (b * d) * (a + c)
        if cost_1 > cost_2:
            return ts[0].mm(ts[1].mm(ts[2])).view(out_shape)
        return ts[0].mm(ts[1]).mm(ts[2]).view(out_shape)
    # The matrix chain order, by dynamic programming (matrix_chain_order).
    p: List[int] = [t.size(0) for t in ts] + [ts[n - 1].size(1)]
    m: List[List[int]] = [[0] * n for _ in range(n)]
    s: List[List[int]] = [[0] * n for _ in range(n)]
    for l in range(1, n):
        for i in range(n - l):
            j = i + l
            m[i][j] = 9223372036854775807
            for k in range(i, j):
                q = m[i][k] + m[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if q < m[i][j]:
                    m[i][j] = q
                    s[i][j] = k
    return _chain(ts, s, 0, n - 1).view(out_shape)


def _chain(ts: List[torch.Tensor], s: List[List[int]], i: int, j: int) -> torch.Tensor:
    if i == j:
        return ts[i]
    return _chain(ts, s, i, s[i][j]).mm(_chain(ts, s, s[i][j] + 1, j))


def vecdot(x: torch.Tensor, y: torch.Tensor, *, dim: int = -1) -> torch.Tensor:
    if not x.is_floating_point():
        raise RuntimeError("linalg.vecdot: Expected a floating point or complex tensor as input. Got "
                           + _scalar_type_name(x.dtype))
    if x.dtype != y.dtype:
        raise RuntimeError("linalg.vecdot: Expected x and y to have the same dtype, but found x of type "
                           + _scalar_type_name(x.dtype) + " and y of type " + _scalar_type_name(y.dtype) + " instead")
    return (x * y).sum(dim)
