// Kernel slots of the scans (cumsum/cumprod, cummax/cummin), trace and renorm
// (ops/reduce_stats.cpp, ops/scan.cpp; kernels/cpu/scan.cpp).
#pragma once

#include "tensor/iter.h"

namespace ts {

TS_DECLARE_STUB(scan_stub, void(const Tensor& in, const Tensor& out, int64_t dim, bool is_prod));
TS_DECLARE_STUB(cummaxmin_stub, void(const Tensor& in, const Tensor& values,
                                     const Tensor& indices, int64_t dim, bool is_max));
TS_DECLARE_STUB(trace_stub, void(const Tensor& self, const Tensor& out));
TS_DECLARE_STUB(renorm_factor_stub, void(TensorIter& iter, double maxnorm));

}  // namespace ts
