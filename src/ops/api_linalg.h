// Linear algebra: matrix products (mm, matmul, bmm, mv, dot and the add* forms), outer,
// tensordot, kron, cross and einsum. float32/float64 run through OpenBLAS; integer dtypes
// and bfloat16 through plain loops / float BLAS, as PyTorch 1.13 does on the CPU.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tensor/tensor.h"

namespace ts {

Tensor mm(const Tensor& self, const Tensor& mat2);
Tensor mm_out(const Tensor& self, const Tensor& mat2, const Tensor& out);
Tensor bmm(const Tensor& self, const Tensor& mat2);
Tensor bmm_out(const Tensor& self, const Tensor& mat2, const Tensor& out);
Tensor mv(const Tensor& self, const Tensor& vec);
Tensor mv_out(const Tensor& self, const Tensor& vec, const Tensor& out);
Tensor dot(const Tensor& self, const Tensor& tensor);
Tensor dot_out(const Tensor& self, const Tensor& tensor, const Tensor& out);
// PyTorch's matmul: dot, mv, mm, or a batched product broadcasting the batch dims, with 1-d
// operands on either side treated as a row / column vector.
Tensor matmul(const Tensor& self, const Tensor& other);
Tensor matmul_out(const Tensor& self, const Tensor& other, const Tensor& out);

// beta * self + alpha * (mat1 @ mat2); beta == 0 ignores self (NaNs there do not propagate).
Tensor addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta = 1,
             const Scalar& alpha = 1);
Tensor addmm_(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta = 1,
              const Scalar& alpha = 1);
Tensor addmm_out(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta,
                 const Scalar& alpha, const Tensor& out);
Tensor baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
               const Scalar& beta = 1, const Scalar& alpha = 1);
Tensor baddbmm_(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
                const Scalar& beta = 1, const Scalar& alpha = 1);
Tensor baddbmm_out(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
                   const Scalar& beta, const Scalar& alpha, const Tensor& out);
// beta * self + alpha * sum_b batch1[b] @ batch2[b]
Tensor addbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
              const Scalar& beta = 1, const Scalar& alpha = 1);
Tensor addbmm_(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
               const Scalar& beta = 1, const Scalar& alpha = 1);
Tensor addbmm_out(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
                  const Scalar& beta, const Scalar& alpha, const Tensor& out);
Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta = 1,
             const Scalar& alpha = 1);
Tensor addmv_(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta = 1,
              const Scalar& alpha = 1);
Tensor addmv_out(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
                 const Scalar& alpha, const Tensor& out);

// outer(a, b)[i, j] = a[i] * b[j], with mul's type promotion. ger is its old name.
Tensor outer(const Tensor& self, const Tensor& vec2);
Tensor outer_out(const Tensor& self, const Tensor& vec2, const Tensor& out);
Tensor tensordot(const Tensor& self, const Tensor& other, IntArrayRef dims_self,
                 IntArrayRef dims_other);
Tensor tensordot_out(const Tensor& self, const Tensor& other, IntArrayRef dims_self,
                     IntArrayRef dims_other, const Tensor& out);
Tensor kron(const Tensor& self, const Tensor& other);
Tensor kron_out(const Tensor& self, const Tensor& other, const Tensor& out);
// cross with dim = None uses the first dim of size 3 (PyTorch's deprecated default).
Tensor cross(const Tensor& self, const Tensor& other, std::optional<int64_t> dim = std::nullopt);
Tensor cross_out(const Tensor& self, const Tensor& other, std::optional<int64_t> dim,
                 const Tensor& out);
Tensor linalg_cross(const Tensor& self, const Tensor& other, int64_t dim = -1);
Tensor linalg_cross_out(const Tensor& self, const Tensor& other, int64_t dim, const Tensor& out);
// einsum("bij,bjk->bik", {a, b}); `path` is accepted and ignored (contraction is left to right).
Tensor einsum(const std::string& equation, const std::vector<Tensor>& tensors,
              std::optional<IntArrayRef> path = std::nullopt);

}  // namespace ts
