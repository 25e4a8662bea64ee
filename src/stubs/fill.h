// Kernel slot of fill_ (ops/core.cpp, kernels/cpu/fill.cpp).
#pragma once

#include "tensor/iter.h"

namespace ts {

TS_DECLARE_STUB(fill_stub, void(TensorIter&, const Scalar& value));

}  // namespace ts
