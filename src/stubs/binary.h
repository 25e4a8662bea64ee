// Kernel slots of add, mul and div (ops/binary.cpp, kernels/cpu/binary.cpp).
#pragma once

#include "tensor/iter.h"

namespace ts {

TS_DECLARE_STUB(add_stub, void(TensorIter&, const Scalar& alpha));
TS_DECLARE_STUB(mul_stub, void(TensorIter&));
TS_DECLARE_STUB(div_true_stub, void(TensorIter&));
TS_DECLARE_STUB(div_trunc_stub, void(TensorIter&));
TS_DECLARE_STUB(div_floor_stub, void(TensorIter&));

}  // namespace ts
