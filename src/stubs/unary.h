// Kernel slots of the unary pointwise ops (ops/unary.cpp, kernels/cpu/unary.cpp). The three
// lists name the ops whose stub `<name>_stub` takes only the iterator; both sides expand them.
#pragma once

#include <optional>

#include "tensor/iter.h"

// Float math: integer and bool inputs compute in the default float dtype.
#define TS_FLOAT_UNARY_OPS(_)                                                                  \
  _(sqrt) _(rsqrt) _(exp) _(log) _(sin) _(cos) _(tan) _(tanh) _(sigmoid) _(reciprocal) _(exp2) \
  _(expm1) _(log2) _(log10) _(log1p) _(asin) _(acos) _(atan) _(sinh) _(cosh) _(asinh)          \
  _(acosh) _(atanh) _(erf) _(erfc) _(erfinv) _(lgamma) _(digamma) _(sinc) _(deg2rad) _(rad2deg)
// Same-dtype results.
#define TS_PLAIN_UNARY_OPS(_) \
  _(neg) _(abs) _(sign) _(floor) _(ceil) _(round) _(trunc) _(frac) _(bitwise_not)
// Bool results.
#define TS_PREDICATE_OPS(_) \
  _(logical_not) _(isnan) _(isinf) _(isfinite) _(isposinf) _(isneginf) _(signbit)

namespace ts {

#define TS_DECLARE_UNARY_STUB(n) TS_DECLARE_STUB(n##_stub, void(TensorIter&));
TS_FLOAT_UNARY_OPS(TS_DECLARE_UNARY_STUB)
TS_PLAIN_UNARY_OPS(TS_DECLARE_UNARY_STUB)
TS_PREDICATE_OPS(TS_DECLARE_UNARY_STUB)
#undef TS_DECLARE_UNARY_STUB
TS_DECLARE_STUB(logit_stub, void(TensorIter&, double eps));
TS_DECLARE_STUB(round_decimals_stub, void(TensorIter&, int64_t decimals));
TS_DECLARE_STUB(nan_to_num_stub, void(TensorIter&, std::optional<double> nan,
                                      std::optional<double> posinf, std::optional<double> neginf));
TS_DECLARE_STUB(clamp_scalar_stub, void(TensorIter&, const Scalar& min, const Scalar& max));
TS_DECLARE_STUB(clamp_min_scalar_stub, void(TensorIter&, const Scalar& min));
TS_DECLARE_STUB(clamp_max_scalar_stub, void(TensorIter&, const Scalar& max));
TS_DECLARE_STUB(clamp_tensor_stub, void(TensorIter&));

}  // namespace ts
