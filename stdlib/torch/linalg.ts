# torch.linalg: PyTorch 1.13's functions over the registry's linalg_* operators
# (src/ops/linalg_lapack.cpp, linalg_norm.cpp; out= through linalg_out.cpp). Functions
# returning several tensors (slogdet, qr, svd, eigh, lstsq) return PyTorch's named tuples
# (torch.return_types.linalg_slogdet: `.sign`, `.logabsdet`), and take out= as a tuple.
import torch
from typing import Optional, Any, Tuple


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
