// Kernel slots of pooling (ops/conv.cpp's max_pool2d, ops/pool.cpp, ops/pool3d.cpp;
// kernels/cpu/conv.cpp, pool.cpp, pool3d.cpp).
#pragma once

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"

namespace ts {

// params: {kH, kW, dH, dW, padH, padW, dilationH, dilationW}; input contiguous [..., H, W].
TS_DECLARE_STUB(max_pool2d_stub, void(const Tensor& out, const Tensor& indices,
                                      const Tensor& input, IntArrayRef params));
// Scatters grad_out into each plane at the indices (also adaptive_max_pool2d's backward).
TS_DECLARE_STUB(max_pool2d_backward_stub, void(const Tensor& grad_input, const Tensor& grad_out,
                                               const Tensor& indices));
// params: {kH, kW, dH, dW, padH, padW, divisor (0 = none), count_include_pad}; input and out
// contiguous [..., H, W].
TS_DECLARE_STUB(avg_pool2d_stub, void(const Tensor& out, const Tensor& input, IntArrayRef params));
TS_DECLARE_STUB(avg_pool2d_backward_stub, void(const Tensor& grad_input, const Tensor& grad_out,
                                               IntArrayRef params));
// Contiguous [..., H, W] on both sides; the output's last two sizes give the windows.
TS_DECLARE_STUB(adaptive_avg_pool2d_stub, void(const Tensor& out, const Tensor& input));
TS_DECLARE_STUB(adaptive_avg_pool2d_backward_stub, void(const Tensor& grad_input,
                                                        const Tensor& grad_out));
// Contiguous [..., H, W]; indices are flat positions within each input plane.
TS_DECLARE_STUB(adaptive_max_pool2d_stub, void(const Tensor& out, const Tensor& indices,
                                               const Tensor& input));
// in [P, D, H, W] contiguous -> out, idx [P, OD, OH, OW] contiguous. p: kernel, stride, padding,
// dilation, each as (d, h, w).
TS_DECLARE_STUB(max_pool3d_stub, void(const Tensor& out, const Tensor& idx, const Tensor& in,
                                      IntArrayRef p));

}  // namespace ts
