// torch.linalg: decompositions and solvers through LAPACK (linalg_lapack.cpp), norms, pinv,
// matrix_rank and matrix_power (linalg_norm.cpp). float32/float64, any leading batch dims;
// errors and results follow PyTorch 1.13 (BatchLinearAlgebra.cpp, LinearAlgebra.cpp).
#pragma once

#include <optional>
#include <string>
#include <tuple>

#include "tensor/tensor.h"

namespace ts {

Tensor linalg_inv(const Tensor& A);
Tensor linalg_det(const Tensor& A);
std::tuple<Tensor, Tensor> linalg_slogdet(const Tensor& A);  // (sign, logabsdet)
// AX = B (left) or XA = B; B may be a (batch of) vector(s).
Tensor linalg_solve(const Tensor& A, const Tensor& B, bool left = true);
Tensor linalg_cholesky(const Tensor& self, bool upper = false);
// mode "reduced", "complete" or "r" (Q is then an empty tensor).
std::tuple<Tensor, Tensor> linalg_qr(const Tensor& A, const std::string& mode = "reduced");
std::tuple<Tensor, Tensor, Tensor> linalg_svd(const Tensor& A, bool full_matrices = true,
                                              const std::optional<std::string>& driver = std::nullopt);
Tensor linalg_svdvals(const Tensor& A, const std::optional<std::string>& driver = std::nullopt);
// (eigenvalues ascending, eigenvectors); reads the UPLO triangle only.
std::tuple<Tensor, Tensor> linalg_eigh(const Tensor& self, const std::string& UPLO = "L");
// (solution, residuals, rank, singular_values); driver gelsy (default), gels, gelsd or gelss.
std::tuple<Tensor, Tensor, Tensor, Tensor> linalg_lstsq(
    const Tensor& self, const Tensor& b, std::optional<double> rcond = std::nullopt,
    const std::optional<std::string>& driver = std::nullopt);

Tensor linalg_pinv(const Tensor& self, std::optional<double> atol = std::nullopt,
                   std::optional<double> rtol = std::nullopt, bool hermitian = false);
Tensor linalg_pinv_rcond(const Tensor& self, double rcond, bool hermitian = false);
Tensor linalg_matrix_rank(const Tensor& self, std::optional<double> atol = std::nullopt,
                          std::optional<double> rtol = std::nullopt, bool hermitian = false);
Tensor linalg_matrix_rank_tol(const Tensor& self, double tol, bool hermitian = false);
Tensor linalg_matrix_power(const Tensor& self, int64_t n);

Tensor linalg_vector_norm(const Tensor& self, const Scalar& ord = 2,
                          std::optional<IntArrayRef> dim = std::nullopt, bool keepdim = false,
                          std::optional<DType> dtype = std::nullopt);
Tensor linalg_matrix_norm(const Tensor& self, const Scalar& ord, IntArrayRef dim = {-2, -1},
                          bool keepdim = false, std::optional<DType> dtype = std::nullopt);
Tensor linalg_matrix_norm_str(const Tensor& self, const std::string& ord = "fro",
                              IntArrayRef dim = {-2, -1}, bool keepdim = false,
                              std::optional<DType> dtype = std::nullopt);
Tensor linalg_norm(const Tensor& self, const std::optional<Scalar>& ord = std::nullopt,
                   std::optional<IntArrayRef> dim = std::nullopt, bool keepdim = false,
                   std::optional<DType> dtype = std::nullopt);
Tensor linalg_norm_str(const Tensor& self, const std::string& ord,
                       std::optional<IntArrayRef> dim = std::nullopt, bool keepdim = false,
                       std::optional<DType> dtype = std::nullopt);

}  // namespace ts
