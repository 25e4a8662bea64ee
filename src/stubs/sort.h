// Kernel slots of sorting and order statistics (ops/sort.cpp, kernels/cpu/sort.cpp).
#pragma once

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"

namespace ts {

TS_DECLARE_STUB(sort_stub, void(const Tensor& values, const Tensor& indices, bool descending,
                                bool stable));
TS_DECLARE_STUB(topk_stub, void(const Tensor& in, const Tensor& values, const Tensor& indices,
                                int64_t k, bool largest, bool sorted));
TS_DECLARE_STUB(kthvalue_stub, void(const Tensor& in, const Tensor& values,
                                    const Tensor& indices, int64_t k));
TS_DECLARE_STUB(median_stub, void(const Tensor& in, const Tensor& values, const Tensor& indices,
                                  bool ignore_nan));
TS_DECLARE_STUB(median_all_stub, void(const Tensor& in, const Tensor& out, bool ignore_nan));
TS_DECLARE_STUB(mode_stub, void(const Tensor& in, const Tensor& values, const Tensor& indices));

}  // namespace ts
