// Average pooling ops (torch.nn.functional.avg_pool2d, adaptive_avg_pool2d and the aten ops
// under them) with the backward ops autograd uses. Defined in ops/pool.cpp.
#pragma once

#include <optional>
#include <tuple>

#include "tensor/tensor.h"

namespace ts {

// stride empty = kernel_size; divisor_override replaces the window size as divisor.
Tensor avg_pool2d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride = {},
                  IntArrayRef padding = {0}, bool ceil_mode = false, bool count_include_pad = true,
                  std::optional<int64_t> divisor_override = std::nullopt);
Tensor avg_pool2d_backward(const Tensor& grad_output, const Tensor& self, IntArrayRef kernel_size,
                           IntArrayRef stride, IntArrayRef padding, bool ceil_mode,
                           bool count_include_pad, std::optional<int64_t> divisor_override);

// A composite: 1x1 is a mean over the last two dims (as PyTorch), else _adaptive_avg_pool2d.
Tensor adaptive_avg_pool2d(const Tensor& self, IntArrayRef output_size);
Tensor _adaptive_avg_pool2d(const Tensor& self, IntArrayRef output_size);
Tensor _adaptive_avg_pool2d_backward(const Tensor& grad_output, const Tensor& self);


// Values and flat indices into each input plane (PyTorch's argmax, NaN wins, first max kept).
std::tuple<Tensor, Tensor> adaptive_max_pool2d(const Tensor& self, IntArrayRef output_size);
Tensor adaptive_max_pool2d_backward(const Tensor& grad_output, const Tensor& self,
                                    const Tensor& indices);

// Composites over the 2-d ops on [..., 1, L] (as PyTorch).
Tensor max_pool1d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride = {},
                  IntArrayRef padding = {0}, IntArrayRef dilation = {1}, bool ceil_mode = false);
Tensor avg_pool1d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride = {},
                  IntArrayRef padding = {0}, bool ceil_mode = false, bool count_include_pad = true);
Tensor adaptive_avg_pool1d(const Tensor& self, IntArrayRef output_size);

}  // namespace ts
