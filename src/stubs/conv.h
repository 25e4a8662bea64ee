// Kernel slots of 2-d convolution (ops/conv.cpp, kernels/cpu/conv.cpp).
#pragma once

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"

namespace ts {

// params: {stride_h, stride_w, pad_top, pad_left, dilation_h, dilation_w}; input, weight and
// out contiguous NCHW; bias undefined or 1-d.
TS_DECLARE_STUB(conv2d_stub, void(const Tensor& out, const Tensor& input, const Tensor& weight,
                                  const Tensor& bias, IntArrayRef params, int64_t groups));
TS_DECLARE_STUB(conv2d_backward_input_stub, void(const Tensor& grad_input, const Tensor& grad_out,
                                                 const Tensor& weight, IntArrayRef params,
                                                 int64_t groups));
TS_DECLARE_STUB(conv2d_backward_weight_stub, void(const Tensor& grad_weight,
                                                  const Tensor& grad_bias, const Tensor& grad_out,
                                                  const Tensor& input, IntArrayRef params,
                                                  int64_t groups));

}  // namespace ts
