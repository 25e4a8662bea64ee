// The remaining torch.nn.functional ops (padding, one_hot, pixel shuffles, im2col / col2im,
// distances, instance_norm, embedding_bag, the margin / ranking losses, interpolation, grid
// sampling, feature dropouts, attention, 3-d conv and pooling). Defined in ops/nn_extra*.cpp,
// ops/loss_extra.cpp and ops/upsample.cpp; PyTorch 1.13's aten schemas.
#pragma once

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "tensor/random.h"
#include "tensor/tensor.h"

namespace ts {

// ---- padding (PadNd.cpp, ReflectionPad.cpp, ReplicationPadding.cpp) ----
// mode: "constant", "reflect", "replicate" or "circular"; value only for "constant".
Tensor pad(const Tensor& self, IntArrayRef pad, const std::string& mode = "constant",
           std::optional<double> value = std::nullopt);
// Negative entries crop. pad = [last_lo, last_hi, second_last_lo, ...].
Tensor constant_pad_nd(const Tensor& self, IntArrayRef pad, const Scalar& value = 0);
Tensor reflection_pad1d(const Tensor& self, IntArrayRef padding);
Tensor reflection_pad2d(const Tensor& self, IntArrayRef padding);
Tensor reflection_pad3d(const Tensor& self, IntArrayRef padding);
Tensor replication_pad1d(const Tensor& self, IntArrayRef padding);
Tensor replication_pad2d(const Tensor& self, IntArrayRef padding);
Tensor replication_pad3d(const Tensor& self, IntArrayRef padding);
Tensor _pad_circular(const Tensor& self, IntArrayRef pad);

// ---- small nn helpers ----
Tensor one_hot(const Tensor& self, int64_t num_classes = -1);
Tensor pixel_shuffle(const Tensor& self, int64_t upscale_factor);
Tensor pixel_unshuffle(const Tensor& self, int64_t downscale_factor);
// F.unfold / F.fold: [N, C, H, W] <-> [N, C * kh * kw, L] (batch dim optional).
Tensor im2col(const Tensor& self, IntArrayRef kernel_size, IntArrayRef dilation,
              IntArrayRef padding, IntArrayRef stride);
Tensor col2im(const Tensor& self, IntArrayRef output_size, IntArrayRef kernel_size,
              IntArrayRef dilation, IntArrayRef padding, IntArrayRef stride);

// ---- distances ----
Tensor cosine_similarity(const Tensor& x1, const Tensor& x2, int64_t dim = 1, double eps = 1e-8);
Tensor pairwise_distance(const Tensor& x1, const Tensor& x2, double p = 2.0, double eps = 1e-6,
                         bool keepdim = false);
Tensor pdist(const Tensor& self, double p = 2.0);
Tensor _pdist_forward(const Tensor& self, double p = 2.0);
// compute_mode: 0 (or None) uses the matrix-product form for p = 2 above 25 rows, 1 always,
// 2 never.
Tensor cdist(const Tensor& x1, const Tensor& x2, double p = 2.0,
             std::optional<int64_t> compute_mode = std::nullopt);
Tensor _cdist_forward(const Tensor& x1, const Tensor& x2, double p,
                      std::optional<int64_t> compute_mode);

// ---- normalization ----
Tensor instance_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                     const Tensor& running_mean, const Tensor& running_var, bool use_input_stats,
                     double momentum, double eps, bool cudnn_enabled);

// ---- losses (reduction: 0 none, 1 mean, 2 sum) ----
Tensor poisson_nll_loss(const Tensor& input, const Tensor& target, bool log_input, bool full,
                        double eps, int64_t reduction);
Tensor hinge_embedding_loss(const Tensor& self, const Tensor& target, double margin = 1.0,
                            int64_t reduction = 1);
Tensor margin_ranking_loss(const Tensor& input1, const Tensor& input2, const Tensor& target,
                           double margin = 0.0, int64_t reduction = 1);
Tensor soft_margin_loss(const Tensor& self, const Tensor& target, int64_t reduction = 1);
Tensor cosine_embedding_loss(const Tensor& input1, const Tensor& input2, const Tensor& target,
                             double margin = 0.0, int64_t reduction = 1);
Tensor triplet_margin_loss(const Tensor& anchor, const Tensor& positive, const Tensor& negative,
                           double margin = 1.0, double p = 2.0, double eps = 1e-6,
                           bool swap = false, int64_t reduction = 1);
Tensor multi_margin_loss(const Tensor& self, const Tensor& target, const Scalar& p = 1,
                         const Scalar& margin = 1, const Tensor& weight = Tensor(),
                         int64_t reduction = 1);
// Targets per row run up to the first -1; is_target marks the target classes.
std::tuple<Tensor, Tensor> multilabel_margin_loss_forward(const Tensor& self, const Tensor& target,
                                                          int64_t reduction);
Tensor multilabel_margin_loss(const Tensor& self, const Tensor& target, int64_t reduction = 1);
// log_probs [T, N, C] (or [T, C]); targets [N, S] or concatenated 1-d.
Tensor ctc_loss(const Tensor& log_probs, const Tensor& targets, IntArrayRef input_lengths,
                IntArrayRef target_lengths, int64_t blank = 0, int64_t reduction = 1,
                bool zero_infinity = false);
Tensor ctc_loss_tensor(const Tensor& log_probs, const Tensor& targets, const Tensor& input_lengths,
                       const Tensor& target_lengths, int64_t blank = 0, int64_t reduction = 1,
                       bool zero_infinity = false);

// ---- interpolation (scales: PyTorch's per-dim scale arguments; .vec: output_size or
// scale_factors, exactly one) ----
Tensor upsample_nearest1d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales = std::nullopt);
Tensor upsample_nearest2d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales_h = std::nullopt,
                          std::optional<double> scales_w = std::nullopt);
Tensor upsample_nearest3d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales_d = std::nullopt,
                          std::optional<double> scales_h = std::nullopt, std::optional<double> scales_w = std::nullopt);
Tensor upsample_linear1d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                         std::optional<double> scales = std::nullopt);
Tensor upsample_bilinear2d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                           std::optional<double> scales_h = std::nullopt, std::optional<double> scales_w = std::nullopt);
Tensor upsample_trilinear3d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                            std::optional<double> scales_d = std::nullopt, std::optional<double> scales_h = std::nullopt,
                            std::optional<double> scales_w = std::nullopt);
Tensor upsample_bicubic2d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                          std::optional<double> scales_h = std::nullopt, std::optional<double> scales_w = std::nullopt);
using OptSizeList = std::optional<std::vector<int64_t>>;
using OptScaleList = std::optional<std::vector<double>>;
Tensor upsample_nearest1d_vec(const Tensor& input, OptSizeList output_size, OptScaleList scale_factors);
Tensor upsample_nearest2d_vec(const Tensor& input, OptSizeList output_size, OptScaleList scale_factors);
Tensor upsample_nearest3d_vec(const Tensor& input, OptSizeList output_size, OptScaleList scale_factors);
Tensor upsample_linear1d_vec(const Tensor& input, OptSizeList output_size, bool align_corners, OptScaleList scale_factors);
Tensor upsample_bilinear2d_vec(const Tensor& input, OptSizeList output_size, bool align_corners, OptScaleList scale_factors);
Tensor upsample_trilinear3d_vec(const Tensor& input, OptSizeList output_size, bool align_corners, OptScaleList scale_factors);
Tensor upsample_bicubic2d_vec(const Tensor& input, OptSizeList output_size, bool align_corners, OptScaleList scale_factors);
// nearest-exact (the pixel whose center is nearest) and antialiased bilinear / bicubic.
Tensor _upsample_nearest_exact1d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales = std::nullopt);
Tensor _upsample_nearest_exact2d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales_h = std::nullopt,
                                 std::optional<double> scales_w = std::nullopt);
Tensor _upsample_nearest_exact3d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales_d = std::nullopt,
                                 std::optional<double> scales_h = std::nullopt, std::optional<double> scales_w = std::nullopt);
Tensor _upsample_bilinear2d_aa(const Tensor& self, IntArrayRef output_size, bool align_corners,
                               std::optional<double> scales_h = std::nullopt, std::optional<double> scales_w = std::nullopt);
Tensor _upsample_bicubic2d_aa(const Tensor& self, IntArrayRef output_size, bool align_corners,
                              std::optional<double> scales_h = std::nullopt, std::optional<double> scales_w = std::nullopt);
Tensor _upsample_nearest_exact1d_vec(const Tensor& input, OptSizeList output_size, OptScaleList scale_factors);
Tensor _upsample_nearest_exact2d_vec(const Tensor& input, OptSizeList output_size, OptScaleList scale_factors);
Tensor _upsample_nearest_exact3d_vec(const Tensor& input, OptSizeList output_size, OptScaleList scale_factors);
Tensor _upsample_bilinear2d_aa_vec(const Tensor& input, OptSizeList output_size, bool align_corners, OptScaleList scale_factors);
Tensor _upsample_bicubic2d_aa_vec(const Tensor& input, OptSizeList output_size, bool align_corners, OptScaleList scale_factors);

// ---- sampling grids, dropouts, exponential_, attention ----
// interpolation_mode: 0 bilinear, 1 nearest, 2 bicubic; padding_mode: 0 zeros,
// 1 border, 2 reflection.
Tensor grid_sampler(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                    int64_t padding_mode, bool align_corners);
Tensor grid_sampler_2d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                       int64_t padding_mode, bool align_corners);
Tensor grid_sampler_3d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                       int64_t padding_mode, bool align_corners);
Tensor affine_grid_generator(const Tensor& theta, IntArrayRef size, bool align_corners);
Tensor feature_dropout(const Tensor& input, double p, bool train);
Tensor alpha_dropout(const Tensor& input, double p, bool train);
Tensor feature_alpha_dropout(const Tensor& input, double p, bool train);
// Draws from the default generator as PyTorch's CPU kernel does (same values for the same seed).
Tensor exponential_(const Tensor& self, double lambd = 1.0, Generator* gen = nullptr);
Tensor exponential(const Tensor& self, double lambd = 1.0, Generator* gen = nullptr);
// PyTorch 1.13's aten op: (output, attention weights).
std::tuple<Tensor, Tensor> _scaled_dot_product_attention(const Tensor& query, const Tensor& key,
                                                         const Tensor& value, const Tensor& attn_mask = Tensor(),
                                                         double dropout_p = 0.0, bool need_attn_weights = false,
                                                         bool is_causal = false);
// PyTorch 2.x's F.scaled_dot_product_attention (scale None = 1 / sqrt(E)).
Tensor scaled_dot_product_attention(const Tensor& query, const Tensor& key, const Tensor& value,
                                    const Tensor& attn_mask = Tensor(), double dropout_p = 0.0,
                                    bool is_causal = false, std::optional<double> scale = std::nullopt);

// ---- 3-d convolution and pooling, unpooling (composites over the 2-d ops) ----
Tensor conv3d(const Tensor& input, const Tensor& weight, const Tensor& bias = Tensor(),
              IntArrayRef stride = {1}, IntArrayRef padding = {0}, IntArrayRef dilation = {1},
              int64_t groups = 1);
// padding = "valid" or "same" (stride 1; an odd total pads the extra element at the end).
Tensor conv3d_padding(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                      const std::string& padding, IntArrayRef dilation, int64_t groups);
Tensor max_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride = {},
                  IntArrayRef padding = {0}, IntArrayRef dilation = {1}, bool ceil_mode = false);
Tensor avg_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride = {},
                  IntArrayRef padding = {0}, bool ceil_mode = false, bool count_include_pad = true,
                  std::optional<int64_t> divisor_override = std::nullopt);
// indices: flat positions in each output plane (max_pool2d_with_indices' second result).
Tensor max_unpool2d(const Tensor& self, const Tensor& indices, IntArrayRef output_size);

// ---- embedding_bag: (output, offset2bag, bag_size, max_indices) as PyTorch's CPU kernel
// returns them; mode 0 sum, 1 mean, 2 max ----
std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq = false,
    int64_t mode = 0, bool sparse = false, const Tensor& per_sample_weights = Tensor(),
    bool include_last_offset = false);
std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag_padding_idx(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq,
    int64_t mode, bool sparse, const Tensor& per_sample_weights, bool include_last_offset,
    std::optional<int64_t> padding_idx);
std::tuple<Tensor, Tensor, Tensor, Tensor> _embedding_bag(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq = false,
    int64_t mode = 0, bool sparse = false, const Tensor& per_sample_weights = Tensor(),
    bool include_last_offset = false, int64_t padding_idx = -1);

class Generator;

// ---- rrelu: training mode draws each slope for x <= 0 from `gen` (null: the default
// generator) and writes the slopes to `noise`; eval mode is leaky_relu((lower + upper) / 2) ----
Tensor rrelu_with_noise(const Tensor& self, const Tensor& noise, const Scalar& lower = 0.125,
                        const Scalar& upper = 1.0 / 3, bool training = false, Generator* gen = nullptr);
Tensor rrelu_with_noise_(const Tensor& self, const Tensor& noise, const Scalar& lower = 0.125,
                         const Scalar& upper = 1.0 / 3, bool training = false, Generator* gen = nullptr);
Tensor rrelu(const Tensor& self, const Scalar& lower = 0.125, const Scalar& upper = 1.0 / 3,
             bool training = false, Generator* gen = nullptr);
Tensor rrelu_(const Tensor& self, const Scalar& lower = 0.125, const Scalar& upper = 1.0 / 3,
              bool training = false, Generator* gen = nullptr);

// ---- max_pool3d with indices (flat positions in each input volume) and max_unpool3d ----
std::tuple<Tensor, Tensor> max_pool3d_with_indices(const Tensor& self, IntArrayRef kernel_size,
                                                   IntArrayRef stride = {}, IntArrayRef padding = {0},
                                                   IntArrayRef dilation = {1}, bool ceil_mode = false);
Tensor max_pool3d_with_indices_backward(const Tensor& grad_output, const Tensor& self,
                                        IntArrayRef kernel_size, IntArrayRef stride,
                                        IntArrayRef padding, IntArrayRef dilation, bool ceil_mode,
                                        const Tensor& indices);
Tensor max_unpool3d(const Tensor& self, const Tensor& indices, IntArrayRef output_size,
                    IntArrayRef stride, IntArrayRef padding);

}  // namespace ts
