// Direct float32 2-d convolution kernels for stride 1 (any padding, dilation, groups): the
// input is copied once into zero-padded planes, and each kernel tap reads a shifted view of
// them, so no im2col matrix is built. Used by conv.cpp for the small-channel shapes where
// im2col + BLAS spends most of its time on the copy and on BLAS's per-call overhead.
#pragma once

#include <cstdint>

#include "tensor/cpu_capability.h"

namespace ts::kernels::inline TS_CPU_NS {

// NCHW contiguous float32, stride 1; oh/ow are the caller's output sizes.
struct DirectConvShape {
  int64_t n, cin, h, w, cout, kh, kw, oh, ow, pt, pl, dh, dw, groups;
};

// Whether the direct kernels take this shape (always false without AVX2 + FMA).
bool direct_conv_supported(const DirectConvShape& s);
// ... and its input gradient (also needs padding <= dilation * (kernel - 1)).
bool direct_conv_backward_input_supported(const DirectConvShape& s);

// out = conv2d(in, weight) + bias (bias may be null).
void direct_conv2d(const float* in, const float* weight, const float* bias, float* out,
                   const DirectConvShape& s);
// grad_in = the input gradient of conv2d for grad_out (overwritten, not accumulated).
void direct_conv2d_backward_input(const float* grad_out, const float* weight, float* grad_in,
                                  const DirectConvShape& s);
// grad_weight (may be null) and grad_bias (may be null), overwritten.
void direct_conv2d_backward_weight(const float* grad_out, const float* in, float* grad_weight,
                                   float* grad_bias, const DirectConvShape& s);

// Tests: use the AVX2 tiles even where AVX-512 is available (both paths get checked).
}  // namespace ts::kernels
