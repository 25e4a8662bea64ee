// Kernel slots of the binary and ternary pointwise ops (ops/pointwise.cpp,
// kernels/cpu/pointwise.cpp). The rows of binary_ops.def and the TS_BINARY_STUBS list name the
// ops whose stub `<name>_stub` takes only the iterator; both sides expand them.
#pragma once

#include "tensor/iter.h"

#define TS_BINARY_STUBS(_)                                                                  \
  _(pow_tensor) _(maximum) _(minimum) _(remainder) _(fmod) _(bitwise_and) _(bitwise_or)    \
  _(bitwise_xor) _(copysign) _(xlogy) _(eq) _(ne) _(lt) _(le) _(gt) _(ge) _(where)        \
  _(lerp_tensor)

namespace ts {

#define TS_DECLARE_BINARY_STUB(n) TS_DECLARE_STUB(n##_stub, void(TensorIter&));
TS_BINARY_STUBS(TS_DECLARE_BINARY_STUB)
#define TS_BINARY_OP(n, ...) TS_DECLARE_BINARY_STUB(n)
#define TS_BINARY_OP_NO_GRAD(n, ...) TS_DECLARE_BINARY_STUB(n)
#include "stubs/binary_ops.def"
#undef TS_DECLARE_BINARY_STUB
TS_DECLARE_STUB(pow_scalar_stub, void(TensorIter&, const Scalar& exponent));
TS_DECLARE_STUB(lerp_scalar_stub, void(TensorIter&, const Scalar& weight));
TS_DECLARE_STUB(addcmul_stub, void(TensorIter&, const Scalar& value));
TS_DECLARE_STUB(addcdiv_stub, void(TensorIter&, const Scalar& value));
TS_DECLARE_STUB(masked_fill_stub, void(TensorIter&, const Scalar& value));
TS_DECLARE_STUB(isclose_stub, void(TensorIter&, double rtol, double atol, bool equal_nan));

}  // namespace ts
