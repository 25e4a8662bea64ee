// Matrix products on raw pointers, shared by the linalg kernels (gemm.cpp) and the
// convolution kernels (conv.cpp). float32/float64 go to OpenBLAS, passing transposed and
// strided operands as BLAS transposes with leading dimensions; bfloat16 runs through float
// BLAS; integer types use a plain loop with wrap-around arithmetic, as PyTorch's do.
#pragma once

#include <cstdint>

#include "tensor/cpu_capability.h"
#include "tensor/dtype.h"

namespace ts::kernels::inline TS_CPU_NS {

// C = alpha * A @ B + beta * C, all row/column strides in elements:
// A is m x k (element (i, p) at a[i * a_rs + p * a_cs]), B is k x n, C is m x n.
// beta == 0 never reads C (NaNs there do not propagate). Called inside an OpenMP region,
// OpenBLAS runs single-threaded; outside one it uses the OpenMP thread count.
template <typename T>
void gemm(int64_t m, int64_t n, int64_t k, T alpha, const T* a, int64_t a_rs, int64_t a_cs,
          const T* b, int64_t b_rs, int64_t b_cs, T beta, T* c, int64_t c_rs, int64_t c_cs);

// y = alpha * A @ x + beta * y, A m x k; strides in elements (x and y may have any stride).
template <typename T>
void gemv(int64_t m, int64_t k, T alpha, const T* a, int64_t a_rs, int64_t a_cs, const T* x,
          int64_t incx, T beta, T* y, int64_t incy);

// Whether gemm<T> exists for T (all dtypes but bool and float16, as in PyTorch's CPU addmm).
template <typename T>
inline constexpr bool kHasGemm = !std::is_same_v<T, bool> && !std::is_same_v<T, Half>;

}  // namespace ts::kernels
