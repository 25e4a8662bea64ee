# torch.linalg: PyTorch 1.13's functions over the registry's linalg_* operators
# (src/ops/linalg_lapack.cpp, linalg_norm.cpp). Functions returning several tensors
# (slogdet, qr, svd, eigh, lstsq) return plain tuples in PyTorch's field order
# (sign, logabsdet), (Q, R), (U, S, Vh), (eigenvalues, eigenvectors),
# (solution, residuals, rank, singular_values).
import torch
from typing import Optional, Any, Tuple


def norm(A: torch.Tensor, ord: Any = None, dim: Any = None, keepdim: bool = False, out: Any = None,
         dtype: Any = None) -> torch.Tensor:
    if isinstance(ord, str):
        return torch.linalg_norm(A, str(ord), dim, keepdim, dtype=dtype)
    return torch.linalg_norm(A, ord, dim, keepdim, dtype=dtype)


def vector_norm(x: torch.Tensor, ord: Any = 2, dim: Any = None, keepdim: bool = False, out: Any = None,
                dtype: Any = None) -> torch.Tensor:
    return torch.linalg_vector_norm(x, ord, dim, keepdim, dtype=dtype)


def matrix_norm(A: torch.Tensor, ord: Any = "fro", dim: Any = (-2, -1), keepdim: bool = False, out: Any = None,
                dtype: Any = None) -> torch.Tensor:
    if isinstance(ord, str):
        return torch.linalg_matrix_norm(A, str(ord), list(dim), keepdim, dtype=dtype)
    return torch.linalg_matrix_norm(A, ord, list(dim), keepdim, dtype=dtype)


def inv(A: torch.Tensor, out: Any = None) -> torch.Tensor:
    return torch.linalg_inv(A)


def det(A: torch.Tensor, out: Any = None) -> torch.Tensor:
    return torch.linalg_det(A)


def slogdet(A: torch.Tensor, out: Any = None) -> Tuple[torch.Tensor, torch.Tensor]:
    return torch.linalg_slogdet(A)


def solve(A: torch.Tensor, B: torch.Tensor, left: bool = True, out: Any = None) -> torch.Tensor:
    return torch.linalg_solve(A, B, left=left)


def cholesky(A: torch.Tensor, upper: bool = False, out: Any = None) -> torch.Tensor:
    return torch.linalg_cholesky(A, upper=upper)


def qr(A: torch.Tensor, mode: str = "reduced", out: Any = None) -> Tuple[torch.Tensor, torch.Tensor]:
    return torch.linalg_qr(A, mode)


def svd(A: torch.Tensor, full_matrices: bool = True, driver: Optional[str] = None,
        out: Any = None) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return torch.linalg_svd(A, full_matrices, driver=driver)


def svdvals(A: torch.Tensor, driver: Optional[str] = None, out: Any = None) -> torch.Tensor:
    return torch.linalg_svdvals(A, driver=driver)


def eigh(A: torch.Tensor, UPLO: str = "L", out: Any = None) -> Tuple[torch.Tensor, torch.Tensor]:
    return torch.linalg_eigh(A, UPLO)


def lstsq(A: torch.Tensor, B: torch.Tensor, rcond: Optional[float] = None, driver: Optional[str] = None
          ) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    return torch.linalg_lstsq(A, B, rcond, driver=driver)


def pinv(A: torch.Tensor, rcond: Optional[float] = None, hermitian: bool = False, atol: Optional[float] = None,
         rtol: Optional[float] = None, out: Any = None) -> torch.Tensor:
    if rcond is not None:
        return torch.linalg_pinv(A, rcond, hermitian)
    return torch.linalg_pinv(A, atol=atol, rtol=rtol, hermitian=hermitian)


def matrix_rank(A: torch.Tensor, tol: Optional[float] = None, hermitian: bool = False, atol: Optional[float] = None,
                rtol: Optional[float] = None, out: Any = None) -> torch.Tensor:
    if tol is not None:
        return torch.linalg_matrix_rank(A, tol, hermitian)
    return torch.linalg_matrix_rank(A, atol=atol, rtol=rtol, hermitian=hermitian)


def matrix_power(A: torch.Tensor, n: int, out: Any = None) -> torch.Tensor:
    return torch.linalg_matrix_power(A, n)


def cross(input: torch.Tensor, other: torch.Tensor, dim: int = -1, out: Any = None) -> torch.Tensor:
    return torch.linalg_cross(input, other, dim=dim)
