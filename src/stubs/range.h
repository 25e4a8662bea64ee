// Kernel slots of arange, linspace and logspace (ops/creation.cpp, kernels/cpu/range.cpp).
#pragma once

#include "tensor/dispatch_stub.h"
#include "tensor/scalar.h"
#include "tensor/tensor.h"

namespace ts {

// out is contiguous, 1-d; element i = start + i * step in PyTorch's accumulate type.
TS_DECLARE_STUB(arange_stub, void(const Tensor& out, const Scalar& start, const Scalar& step));
TS_DECLARE_STUB(linspace_stub, void(const Tensor& out, const Scalar& start, const Scalar& end));
TS_DECLARE_STUB(logspace_stub,
                void(const Tensor& out, const Scalar& start, const Scalar& end, double base));

}  // namespace ts
