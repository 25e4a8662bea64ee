// Kernel slots of the special functions and shifts (ops/special.cpp, kernels/cpu/special.cpp).
#pragma once

#include "tensor/iter.h"

namespace ts {

TS_DECLARE_STUB(heaviside_stub, void(TensorIter&));
TS_DECLARE_STUB(nextafter_stub, void(TensorIter&));
TS_DECLARE_STUB(i0_stub, void(TensorIter&));
TS_DECLARE_STUB(i1_stub, void(TensorIter&));
TS_DECLARE_STUB(polygamma_stub, void(TensorIter&, int64_t n));
TS_DECLARE_STUB(lshift_stub, void(TensorIter&));
TS_DECLARE_STUB(rshift_stub, void(TensorIter&));

}  // namespace ts
