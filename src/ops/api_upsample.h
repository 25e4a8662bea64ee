// Interpolation (F.interpolate's upsample_* ops, ops/upsample.cpp) and grid sampling
// (F.grid_sample / F.affine_grid: grid_sampler, affine_grid_generator, ops/grid_sample.cpp).
#pragma once

#include <optional>
#include <vector>

#include "tensor/tensor.h"

namespace ts {

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

// ---- sampling grids ----
// interpolation_mode: 0 bilinear, 1 nearest, 2 bicubic; padding_mode: 0 zeros,
// 1 border, 2 reflection.
Tensor grid_sampler(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                    int64_t padding_mode, bool align_corners);
Tensor grid_sampler_2d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                       int64_t padding_mode, bool align_corners);
Tensor grid_sampler_3d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                       int64_t padding_mode, bool align_corners);
Tensor affine_grid_generator(const Tensor& theta, IntArrayRef size, bool align_corners);

}  // namespace ts
