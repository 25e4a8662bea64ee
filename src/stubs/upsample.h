// Kernel slots of interpolation and grid sampling (ops/upsample.cpp, ops/grid_sample.cpp;
// kernels/cpu/upsample.cpp, grid_sample.cpp).
#pragma once

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"

namespace ts {

// in [P, D, H, W] contiguous, out [P, OD, OH, OW] contiguous; per dim an int64 index tensor
// and a float64 weight tensor, both [K, O] contiguous (K taps).
TS_DECLARE_STUB(interp_stub, void(const Tensor& out, const Tensor& in, const Tensor& idx_d,
                                  const Tensor& w_d, const Tensor& idx_h, const Tensor& w_h,
                                  const Tensor& idx_w, const Tensor& w_w));
// input [N, C, H, W], grid [N, Ho, Wo, 2], out [N, C, Ho, Wo], all contiguous; mode 0 bilinear,
// 1 nearest; padding 0 zeros, 1 border, 2 reflection.
TS_DECLARE_STUB(grid_sampler_2d_stub, void(const Tensor& out, const Tensor& input,
                                           const Tensor& grid, int64_t mode, int64_t padding,
                                           bool align_corners));

}  // namespace ts
