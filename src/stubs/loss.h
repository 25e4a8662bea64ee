// Kernel slots of the loss functions (ops/loss.cpp, kernels/cpu/nn.cpp).
#pragma once

#include "tensor/iter.h"

namespace ts {

// input [N, C, S...] contiguous, target [N, S...] int64 contiguous (validated), weight [C].
TS_DECLARE_STUB(nll_loss_stub, void(const Tensor& out, const Tensor& total_weight,
                                    const Tensor& input, const Tensor& target,
                                    const Tensor& weight, int64_t reduction,
                                    int64_t ignore_index));
TS_DECLARE_STUB(nll_loss_backward_stub, void(const Tensor& grad_input, const Tensor& grad_output,
                                             const Tensor& target, const Tensor& weight,
                                             int64_t reduction, int64_t ignore_index,
                                             const Tensor& total_weight));
// out (0-d) = sum of a contiguous floating tensor.
TS_DECLARE_STUB(sum_all_stub, void(const Tensor& out, const Tensor& in));
TS_DECLARE_STUB(squared_diff_stub, void(TensorIter& it));
TS_DECLARE_STUB(mse_backward_stub, void(TensorIter& it, double norm));

}  // namespace ts
