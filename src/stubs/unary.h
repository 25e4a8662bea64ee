// Kernel slots of the unary pointwise ops (ops/unary.cpp, kernels/cpu/unary.cpp). The math and
// same-dtype ops are the rows of unary_ops.def; TS_PREDICATE_OPS names the bool-result ones. Each
// of their stubs `<name>_stub` takes only the iterator; both sides expand the table and the list.
#pragma once

#include <optional>

#include "tensor/iter.h"

// Bool results.
#define TS_PREDICATE_OPS(_) \
  _(logical_not) _(isnan) _(isinf) _(isfinite) _(isposinf) _(isneginf) _(signbit)

namespace ts {

#define TS_DECLARE_UNARY_STUB(n) TS_DECLARE_STUB(n##_stub, void(TensorIter&));
#define TS_UNARY_OP(n, ...) TS_DECLARE_UNARY_STUB(n)
#define TS_UNARY_OP_NO_GRAD(n, ...) TS_DECLARE_UNARY_STUB(n)
#include "stubs/unary_ops.def"
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
