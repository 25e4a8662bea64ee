// Kernel slots of unique, bincount, histc and searchsorted (ops/unique.cpp,
// kernels/cpu/unique.cpp).
#pragma once

#include <tuple>
#include <vector>

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"

namespace ts {

// (output, inverse, counts).
using UniqueResult = std::tuple<Tensor, Tensor, Tensor>;

TS_DECLARE_STUB(unique_stub, UniqueResult(const Tensor& in, bool sorted, bool return_inverse,
                                          bool return_counts));
TS_DECLARE_STUB(unique_consecutive_stub, UniqueResult(const Tensor& in, bool return_inverse,
                                                      bool return_counts));
TS_DECLARE_STUB(unique_dim_stub, void(const Tensor& flat, bool consecutive,
                                      std::vector<int64_t>& rows, std::vector<int64_t>& inverse,
                                      std::vector<int64_t>& counts));
TS_DECLARE_STUB(bincount_stub, void(const Tensor& self, const Tensor& weights, const Tensor& out));
TS_DECLARE_STUB(histc_stub, void(const Tensor& in, const Tensor& hist, double min, double max));
TS_DECLARE_STUB(searchsorted_stub, void(const Tensor& out, const Tensor& input,
                                        const Tensor& boundaries, bool right,
                                        const Tensor& sorter));

}  // namespace ts
