// Kernel slots of native_batch_norm and its backward (ops/batch_norm.cpp,
// kernels/cpu/batch_norm.cpp).
#pragma once

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"

namespace ts {

// x contiguous [n, c, ...] of float32 or float64, non-empty; w, b (optional, contiguous) and
// the running statistics rm, rv (optional in training) of x's dtype, [c]. Writes out (x's
// shape) and save_mean, save_invstd ([c]: the batch statistics in training; zeros otherwise),
// and in training updates rm, rv in place with `momentum`.
TS_DECLARE_STUB(batch_norm_stub,
                void(const Tensor& x, const Tensor& w, const Tensor& b, const Tensor& rm,
                     const Tensor& rv, bool training, double momentum, double eps,
                     const Tensor& out, const Tensor& save_mean, const Tensor& save_invstd));
// go and x contiguous, as above; save_mean and save_invstd are read in training, rm and rv
// otherwise. Writes whichever of gi (x's shape), gw and gb ([c]) is defined.
TS_DECLARE_STUB(batch_norm_backward_stub,
                void(const Tensor& go, const Tensor& x, const Tensor& w, const Tensor& rm,
                     const Tensor& rv, const Tensor& save_mean, const Tensor& save_invstd,
                     bool training, double eps, const Tensor& gi, const Tensor& gw,
                     const Tensor& gb));

}  // namespace ts
