// Kernel slots of the activation functions (ops/activation.cpp, kernels/cpu/activation.cpp).
#pragma once

#include "tensor/iter.h"

namespace ts {

TS_DECLARE_STUB(gelu_stub, void(TensorIter&, bool tanh_approx));
TS_DECLARE_STUB(silu_stub, void(TensorIter&));
TS_DECLARE_STUB(mish_stub, void(TensorIter&));
TS_DECLARE_STUB(softplus_stub, void(TensorIter&, const Scalar& beta, const Scalar& threshold));
TS_DECLARE_STUB(elu_stub, void(TensorIter&, const Scalar& alpha, const Scalar& scale,
                               const Scalar& input_scale));
TS_DECLARE_STUB(leaky_relu_stub, void(TensorIter&, const Scalar& negative_slope));
TS_DECLARE_STUB(hardsigmoid_stub, void(TensorIter&));
TS_DECLARE_STUB(hardswish_stub, void(TensorIter&));
TS_DECLARE_STUB(threshold_stub, void(TensorIter&, const Scalar& threshold, const Scalar& value));
TS_DECLARE_STUB(log_sigmoid_stub, void(TensorIter&));

}  // namespace ts
