// Kernel slots of the samplers (ops/random.cpp, ops/rrelu.cpp; kernels/cpu/random.cpp,
// rrelu.cpp).
#pragma once

#include "tensor/dispatch_stub.h"
#include "tensor/random.h"
#include "tensor/tensor.h"

namespace ts {

TS_DECLARE_STUB(uniform_stub, void(const Tensor&, double from, double to, Generator&));
TS_DECLARE_STUB(normal_stub, void(const Tensor&, double mean, double std, Generator&));
TS_DECLARE_STUB(random_from_to_stub, void(const Tensor&, uint64_t range, int64_t base, Generator&));
TS_DECLARE_STUB(random_full_range_stub, void(const Tensor&, Generator&));
TS_DECLARE_STUB(random_stub, void(const Tensor&, Generator&));
TS_DECLARE_STUB(bernoulli_scalar_stub, void(const Tensor&, double p, Generator&));
TS_DECLARE_STUB(bernoulli_tensor_stub, void(const Tensor&, const Tensor& p, Generator&));
TS_DECLARE_STUB(randperm_stub, void(const Tensor&, int64_t n, Generator&));
// out, self and noise contiguous with self's dtype and element count.
TS_DECLARE_STUB(rrelu_train_stub, void(const Tensor& out, const Tensor& self, const Tensor& noise,
                                       double lower, double upper, Generator& gen));

}  // namespace ts
