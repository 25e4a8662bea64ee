// Data movement and structured-matrix ops (movement.cpp): repeat, tile, repeat_interleave,
// flip, fliplr, flipud, roll, rot90, tril, triu, diag, diag_embed, diagflat,
// broadcast_tensors, meshgrid, cartesian_prod, tril_indices, triu_indices.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tensor/tensor.h"

namespace ts {

Tensor repeat(const Tensor& self, IntArrayRef repeats);
Tensor tile(const Tensor& self, IntArrayRef dims);
// Each element (or slice along `dim`; None flattens) repeated `repeats` times.
Tensor repeat_interleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim = std::nullopt,
                         std::optional<int64_t> output_size = std::nullopt);
Tensor repeat_interleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim = std::nullopt,
                         std::optional<int64_t> output_size = std::nullopt);
// repeat_interleave(repeats): index i repeated repeats[i] times.
Tensor repeat_interleave(const Tensor& repeats, std::optional<int64_t> output_size = std::nullopt);

Tensor flip(const Tensor& self, IntArrayRef dims);
Tensor fliplr(const Tensor& self);
Tensor flipud(const Tensor& self);
Tensor roll(const Tensor& self, IntArrayRef shifts, IntArrayRef dims = {});
Tensor rot90(const Tensor& self, int64_t k = 1, IntArrayRef dims = {0, 1});

Tensor tril(const Tensor& self, int64_t diagonal = 0);
Tensor tril_(const Tensor& self, int64_t diagonal = 0);
Tensor tril_out(const Tensor& self, int64_t diagonal, const Tensor& out);
Tensor triu(const Tensor& self, int64_t diagonal = 0);
Tensor triu_(const Tensor& self, int64_t diagonal = 0);
Tensor triu_out(const Tensor& self, int64_t diagonal, const Tensor& out);

// 1-d: the matrix with `self` on a diagonal; 2-d: a copy of a diagonal.
Tensor diag(const Tensor& self, int64_t diagonal = 0);
Tensor diag_out(const Tensor& self, int64_t diagonal, const Tensor& out);
Tensor diag_embed(const Tensor& self, int64_t offset = 0, int64_t dim1 = -2, int64_t dim2 = -1);
Tensor diagflat(const Tensor& self, int64_t offset = 0);

std::vector<Tensor> broadcast_tensors(const std::vector<Tensor>& tensors);
// indexing "ij" (matrix) or "xy" (Cartesian: the first two outputs swap roles).
std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors, const std::string& indexing = "ij");
Tensor cartesian_prod(const std::vector<Tensor>& tensors);
// 2 x N (row, col) indices of the lower/upper triangle, row-major.
Tensor tril_indices(int64_t row, int64_t col, int64_t offset = 0, TensorOptions opts = DType::Int64);
Tensor triu_indices(int64_t row, int64_t col, int64_t offset = 0, TensorOptions opts = DType::Int64);

}  // namespace ts
