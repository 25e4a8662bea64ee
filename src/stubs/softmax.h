// Kernel slots of softmax and log_softmax (ops/nn.cpp, kernels/cpu/nn.cpp).
#pragma once

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"

namespace ts {

// Softmax over `dim` of a contiguous tensor into a contiguous `out` of the same dtype.
TS_DECLARE_STUB(softmax_stub, void(const Tensor& out, const Tensor& in, int64_t dim, bool log));
TS_DECLARE_STUB(softmax_backward_stub, void(const Tensor& grad_in, const Tensor& grad,
                                            const Tensor& out, int64_t dim, bool log));

}  // namespace ts
