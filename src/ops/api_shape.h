// Views and shape ops (shape.cpp), joining and splitting (join.cpp), and the introspection ops
// the interpreter calls (size, dim, numel, stride, item, ...).
// Views share storage and the version counter with their base (ts::make_view); nothing here
// copies data except reshape of a non-viewable input and the joins.
#pragma once

#include <optional>
#include <vector>

#include "tensor/tensor.h"

namespace ts {

// ---- Views (shape.cpp, slicing.cpp) ----
// -1 in `size` is inferred; strides must allow the view (PyTorch's computeStride).
Tensor view(const Tensor& self, IntArrayRef size);
// Reinterprets the bytes as another dtype (Tensor.view(dtype)).
Tensor view_dtype(const Tensor& self, DType dtype);
// A view when the strides allow one, else a contiguous copy.
Tensor reshape(const Tensor& self, IntArrayRef shape);
Tensor view_as(const Tensor& self, const Tensor& other);
Tensor reshape_as(const Tensor& self, const Tensor& other);
Tensor flatten(const Tensor& self, int64_t start_dim = 0, int64_t end_dim = -1);
Tensor unflatten(const Tensor& self, int64_t dim, IntArrayRef sizes);
Tensor squeeze(const Tensor& self);
Tensor squeeze(const Tensor& self, int64_t dim);
Tensor unsqueeze(const Tensor& self, int64_t dim);
Tensor permute(const Tensor& self, IntArrayRef dims);
Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1);
Tensor swapaxes(const Tensor& self, int64_t axis0, int64_t axis1);
// Transpose of a tensor with <= 2 dims.
Tensor t(const Tensor& self);
Tensor movedim(const Tensor& self, IntArrayRef source, IntArrayRef destination);
Tensor movedim(const Tensor& self, int64_t source, int64_t destination);
// -1 keeps a size; new leading dims get stride 0, as do expanded size-1 dims.
Tensor expand(const Tensor& self, IntArrayRef size, bool implicit = false);
Tensor expand_as(const Tensor& self, const Tensor& other);
Tensor broadcast_to(const Tensor& self, IntArrayRef size);
Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length);
Tensor select(const Tensor& self, int64_t dim, int64_t index);
// Out-of-range start/end clamp as in Python slicing; step must be positive.
Tensor slice(const Tensor& self, int64_t dim = 0, std::optional<int64_t> start = std::nullopt,
             std::optional<int64_t> end = std::nullopt, int64_t step = 1);
// storage_offset defaults to self's.
Tensor as_strided(const Tensor& self, IntArrayRef size, IntArrayRef stride,
                  std::optional<int64_t> storage_offset = std::nullopt);
// A new tensor on the same storage (and version counter), without autograd history.
Tensor detach(const Tensor& self);
Tensor alias(const Tensor& self);
std::vector<Tensor> unbind(const Tensor& self, int64_t dim = 0);
Tensor diagonal(const Tensor& self, int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1);
// Tensor.unfold: all windows of `size` elements along `dimension`, `step` apart, as a new last dim.
Tensor unfold(const Tensor& self, int64_t dimension, int64_t size, int64_t step);

// ---- Introspection and conversion (shape.cpp) ----
Tensor type_as(const Tensor& self, const Tensor& other);
// Tensor.to(device, dtype) and Tensor.to(other): a copy only when something changes (or copy).
Tensor to_device(const Tensor& self, Device device, DType dtype, bool non_blocking = false,
                 bool copy = false);
Tensor to_other(const Tensor& self, const Tensor& other, bool non_blocking = false,
                bool copy = false);

// ---- Joining and splitting (join.cpp) ----
// Promotes across inputs; 1-d empty tensors are skipped (PyTorch's legacy rule).
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim = 0);
Tensor cat_out(const std::vector<Tensor>& tensors, int64_t dim, const Tensor& out);
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim = 0);
Tensor stack_out(const std::vector<Tensor>& tensors, int64_t dim, const Tensor& out);
Tensor hstack(const std::vector<Tensor>& tensors);
Tensor vstack(const std::vector<Tensor>& tensors);
Tensor dstack(const std::vector<Tensor>& tensors);
Tensor column_stack(const std::vector<Tensor>& tensors);
Tensor atleast_1d(const Tensor& self);
Tensor atleast_2d(const Tensor& self);
Tensor atleast_3d(const Tensor& self);
// Views of at most split_size elements along dim (the last may be smaller).
std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim = 0);
std::vector<Tensor> split_with_sizes(const Tensor& self, IntArrayRef split_sizes, int64_t dim = 0);
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim = 0);
// `sections` nearly equal parts (the first ones one larger), or cuts at `indices`.
std::vector<Tensor> tensor_split(const Tensor& self, int64_t sections, int64_t dim = 0);
std::vector<Tensor> tensor_split_indices(const Tensor& self, IntArrayRef indices, int64_t dim = 0);
std::vector<Tensor> hsplit(const Tensor& self, int64_t sections);
std::vector<Tensor> vsplit(const Tensor& self, int64_t sections);
std::vector<Tensor> dsplit(const Tensor& self, int64_t sections);

}  // namespace ts
