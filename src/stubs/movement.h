// Kernel slots of the copying movement ops: flips and strided copies, triangles, repeats,
// cat's block copy and pixel shuffles (ops/movement.cpp, ops/join.cpp, ops/pixel_shuffle.cpp;
// kernels/cpu/movement.cpp, join.cpp, pixel_shuffle.cpp).
#pragma once

#include <vector>

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"

namespace ts {

TS_DECLARE_STUB(signed_strided_copy_stub, void(const Tensor& out, const Tensor& in,
                                               IntArrayRef strides, int64_t offset));
TS_DECLARE_STUB(triangle_stub, void(const Tensor& out, const Tensor& in, int64_t diagonal,
                                    bool lower));
TS_DECLARE_STUB(repeat_index_stub, void(const Tensor& repeats, const Tensor& cumsum,
                                        const Tensor& out));
TS_DECLARE_STUB(tri_indices_stub, void(const Tensor& out, int64_t row, int64_t col,
                                       int64_t offset, bool lower));
// Copies same-dtype contiguous inputs into a contiguous output as blocks (one memcpy per input
// per outer index); the general case goes through copy_ per input.
TS_DECLARE_STUB(cat_contiguous_stub,
                void(const Tensor& out, const std::vector<Tensor>& inputs, int64_t dim));
// in [B, C, H, W] contiguous -> out [B, C / r^2, H * r, W * r] contiguous (or the inverse).
TS_DECLARE_STUB(pixel_shuffle_stub, void(const Tensor& out, const Tensor& in, int64_t r,
                                         bool inverse));

}  // namespace ts
