// Neural-network functional ops (torch.nn.functional and the aten ops under them): linear,
// softmax / log_softmax, dropout, conv2d, max_pool2d, nll_loss, cross_entropy, mse_loss, and
// the backward kernels autograd uses (softmax, conv2d, max_pool2d, nll_loss, mse_loss); then
// pixel shuffles, im2col / col2im, the feature and alpha dropouts, attention and conv3d.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <tuple>

#include "tensor/tensor.h"

namespace ts {

// input @ weight.t() + bias (bias undefined = None).
Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor());
Tensor linear_out(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& out);

// softmax.int / log_softmax.int: `dtype` converts the input first.
Tensor softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor softmax_out(const Tensor& self, int64_t dim, std::optional<DType> dtype, const Tensor& out);
Tensor log_softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor log_softmax_out(const Tensor& self, int64_t dim, std::optional<DType> dtype,
                       const Tensor& out);
Tensor _softmax(const Tensor& self, int64_t dim, bool half_to_float);
Tensor _log_softmax(const Tensor& self, int64_t dim, bool half_to_float);
// Backward: grad_output and the forward's output.
Tensor _softmax_backward_data(const Tensor& grad_output, const Tensor& output, int64_t dim,
                              DType input_dtype);
Tensor _log_softmax_backward_data(const Tensor& grad_output, const Tensor& output, int64_t dim,
                                  DType input_dtype);

// input * bernoulli(1 - p) / (1 - p) in training, the input itself otherwise (PyTorch's CPU
// formula, drawing from the default generator so results match torch for the same seed).
Tensor dropout(const Tensor& input, double p, bool train);
Tensor dropout_(const Tensor& self, double p, bool train);
// dropout that also returns the multiplier it used (undefined when the input came back as
// is), for autograd: PyTorch's backward is grad * noise.
std::tuple<Tensor, Tensor> dropout_with_noise(const Tensor& input, double p, bool train);

Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor(),
              IntArrayRef stride = {1}, IntArrayRef padding = {0}, IntArrayRef dilation = {1},
              int64_t groups = 1);
// conv2d.padding: padding = "valid" or "same".
Tensor conv2d_padding(const Tensor& input, const Tensor& weight, const Tensor& bias,
                      IntArrayRef stride, const std::string& padding, IntArrayRef dilation,
                      int64_t groups);
// Gradients of conv2d (input and weight 4-d, symmetric `padding`); entries not asked for in
// `output_mask` (input, weight, bias) come back undefined.
std::tuple<Tensor, Tensor, Tensor> conv2d_backward(const Tensor& grad_output, const Tensor& input,
                                                   const Tensor& weight, IntArrayRef stride,
                                                   IntArrayRef padding, IntArrayRef dilation,
                                                   int64_t groups,
                                                   std::array<bool, 3> output_mask);

// PyTorch's convolution: 1-d or 2-d (weight [C_out, C_in / groups, k...], or for transposed
// [C_in, C_out / groups, k...]), batched input; conv1d/conv2d/conv_transpose* call it.
Tensor convolution(const Tensor& input, const Tensor& weight, const Tensor& bias,
                   IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, bool transposed,
                   IntArrayRef output_padding, int64_t groups);
// Gradients of convolution (input, weight, bias); those not in `output_mask` come back
// undefined. Differentiable itself (double backward).
std::tuple<Tensor, Tensor, Tensor> convolution_backward(
    const Tensor& grad_output, const Tensor& input, const Tensor& weight, IntArrayRef stride,
    IntArrayRef padding, IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
    int64_t groups, std::array<bool, 3> output_mask);
Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor(),
              IntArrayRef stride = {1}, IntArrayRef padding = {0}, IntArrayRef dilation = {1},
              int64_t groups = 1);
Tensor conv1d_padding(const Tensor& input, const Tensor& weight, const Tensor& bias,
                      IntArrayRef stride, const std::string& padding, IntArrayRef dilation,
                      int64_t groups);
Tensor conv_transpose1d(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor(),
                        IntArrayRef stride = {1}, IntArrayRef padding = {0},
                        IntArrayRef output_padding = {0}, int64_t groups = 1,
                        IntArrayRef dilation = {1});
Tensor conv_transpose2d(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor(),
                        IntArrayRef stride = {1}, IntArrayRef padding = {0},
                        IntArrayRef output_padding = {0}, int64_t groups = 1,
                        IntArrayRef dilation = {1});

// stride empty = kernel_size.
Tensor max_pool2d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride = {},
                  IntArrayRef padding = {0}, IntArrayRef dilation = {1}, bool ceil_mode = false);
std::tuple<Tensor, Tensor> max_pool2d_with_indices(const Tensor& self, IntArrayRef kernel_size,
                                                   IntArrayRef stride = {},
                                                   IntArrayRef padding = {0},
                                                   IntArrayRef dilation = {1},
                                                   bool ceil_mode = false);
Tensor max_pool2d_with_indices_backward(const Tensor& grad_output, const Tensor& self,
                                        IntArrayRef kernel_size, IntArrayRef stride,
                                        IntArrayRef padding, IntArrayRef dilation, bool ceil_mode,
                                        const Tensor& indices);

// reduction: 0 none, 1 mean, 2 sum (PyTorch's at::Reduction).
Tensor nll_loss(const Tensor& self, const Tensor& target, const Tensor& weight = Tensor(),
                int64_t reduction = 1, int64_t ignore_index = -100);
// Any number of dims: [N, C, d1, ...] with target [N, d1, ...] (what F.nll_loss calls).
Tensor nll_loss_nd(const Tensor& self, const Tensor& target, const Tensor& weight = Tensor(),
                   int64_t reduction = 1, int64_t ignore_index = -100);
Tensor nll_loss2d(const Tensor& self, const Tensor& target, const Tensor& weight = Tensor(),
                  int64_t reduction = 1, int64_t ignore_index = -100);
std::tuple<Tensor, Tensor> nll_loss_forward(const Tensor& self, const Tensor& target,
                                            const Tensor& weight, int64_t reduction,
                                            int64_t ignore_index);
std::tuple<Tensor, Tensor> nll_loss2d_forward(const Tensor& self, const Tensor& target,
                                              const Tensor& weight, int64_t reduction,
                                              int64_t ignore_index);
Tensor nll_loss_backward(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                         const Tensor& weight, int64_t reduction, int64_t ignore_index,
                         const Tensor& total_weight);
Tensor nll_loss2d_backward(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                           const Tensor& weight, int64_t reduction, int64_t ignore_index,
                           const Tensor& total_weight);
// Class-index targets (log_softmax + nll_loss_nd, with label smoothing) or class-probability
// targets (same shape as self).
Tensor cross_entropy_loss(const Tensor& self, const Tensor& target, const Tensor& weight = Tensor(),
                          int64_t reduction = 1, int64_t ignore_index = -100,
                          double label_smoothing = 0.0);
Tensor mse_loss(const Tensor& self, const Tensor& target, int64_t reduction = 1);
Tensor mse_loss_out(const Tensor& self, const Tensor& target, int64_t reduction, const Tensor& out);
Tensor mse_loss_backward(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                         int64_t reduction);

// pixel_shuffle / pixel_unshuffle (ops/pixel_shuffle.cpp).
Tensor pixel_shuffle(const Tensor& self, int64_t upscale_factor);
Tensor pixel_unshuffle(const Tensor& self, int64_t downscale_factor);
// F.unfold / F.fold (ops/fold.cpp): [N, C, H, W] <-> [N, C * kh * kw, L] (batch dim optional).
Tensor im2col(const Tensor& self, IntArrayRef kernel_size, IntArrayRef dilation,
              IntArrayRef padding, IntArrayRef stride);
Tensor col2im(const Tensor& self, IntArrayRef output_size, IntArrayRef kernel_size,
              IntArrayRef dilation, IntArrayRef padding, IntArrayRef stride);

// The feature and alpha dropouts (ops/dropout.cpp).
Tensor feature_dropout(const Tensor& input, double p, bool train);
Tensor alpha_dropout(const Tensor& input, double p, bool train);
Tensor feature_alpha_dropout(const Tensor& input, double p, bool train);

// Attention (ops/attention.cpp). PyTorch 1.13's aten op: (output, attention weights).
std::tuple<Tensor, Tensor> _scaled_dot_product_attention(const Tensor& query, const Tensor& key,
                                                         const Tensor& value, const Tensor& attn_mask = Tensor(),
                                                         double dropout_p = 0.0, bool need_attn_weights = false,
                                                         bool is_causal = false);
// PyTorch 2.x's F.scaled_dot_product_attention (scale None = 1 / sqrt(E)).
Tensor scaled_dot_product_attention(const Tensor& query, const Tensor& key, const Tensor& value,
                                    const Tensor& attn_mask = Tensor(), double dropout_p = 0.0,
                                    bool is_causal = false, std::optional<double> scale = std::nullopt);

// conv3d (ops/conv3d.cpp): a composite over conv2d.
Tensor conv3d(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor(),
              IntArrayRef stride = {1}, IntArrayRef padding = {0}, IntArrayRef dilation = {1},
              int64_t groups = 1);
// padding = "valid" or "same" (stride 1; an odd total pads the extra element at the end).
Tensor conv3d_padding(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                      const std::string& padding, IntArrayRef dilation, int64_t groups);

}  // namespace ts
