// Kernel slots of the matrix and vector products (ops/linalg.cpp, kernels/cpu/gemm.cpp).
#pragma once

#include "tensor/dispatch_stub.h"
#include "tensor/scalar.h"
#include "tensor/tensor.h"

namespace ts {

// C = beta * C + alpha * A @ B over 3-d views [batch, m, n] = [batch, m, k] @ [batch, k, n].
TS_DECLARE_STUB(bmm_stub, void(const Tensor& c, const Tensor& a, const Tensor& b,
                               const Scalar& beta, const Scalar& alpha));
// y = beta * y + alpha * A @ x (A 2-d, x and y 1-d).
TS_DECLARE_STUB(addmv_stub, void(const Tensor& y, const Tensor& a, const Tensor& x,
                                 const Scalar& beta, const Scalar& alpha));
// out (0-d) = a . b
TS_DECLARE_STUB(dot_stub, void(const Tensor& out, const Tensor& a, const Tensor& b));

}  // namespace ts
