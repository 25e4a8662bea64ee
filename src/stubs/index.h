// Kernel slots of the index-taking ops: indexing, gather/scatter, nonzero and embedding_bag
// (ops/index.cpp, ops/index_util.cpp, ops/index_scatter.cpp, ops/index_slices.cpp,
// ops/embedding_bag.cpp; kernels/cpu/index.cpp, index_rows.cpp, embedding_bag.cpp).
#pragma once

#include <vector>

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"

namespace ts {

// Whether every value of an int32/int64 `index` lies in [-size, size) (allow_negative) or
// [0, size); when not, *bad is the first bad value in row-major order. Never throws.
TS_DECLARE_STUB(index_check_stub,
                bool(const Tensor& index, int64_t size, bool allow_negative, int64_t* bad));
// out[i] = src[i + sum_k wrap(indices[k][i]) * strides[k]]: all operands share out's shape
// (see kernels/cpu/index.cpp); indices are int64. Checks each index against [-size, size)
// (or [0, size)) before reading through it and returns false, leaving `out` partly written,
// when one is out of range: the caller then finds it with find_bad_index and raises.
TS_DECLARE_STUB(index_gather_stub, bool(const Tensor& out, const Tensor& src,
                                        const std::vector<Tensor>& indices, IntArrayRef sizes,
                                        IntArrayRef strides, bool allow_negative));
// out[i] = src[index[i]] for whole rows of a contiguous src (index_select along dim 0): out
// contiguous, index a contiguous 1-d int32/int64 tensor. Returns false, out partly written,
// when an index lies outside [0, src.size(0)).
TS_DECLARE_STUB(index_rows_stub, bool(const Tensor& out, const Tensor& src, const Tensor& index));

// The reductions of index_scatter_stub.
namespace scatter_kind {
constexpr int64_t kAssign = 0, kAdd = 1, kMultiply = 2, kMax = 3, kMin = 4;
}  // namespace scatter_kind

// dst[i + offset] = reduce(dst[i + offset], src[i]) (reduce one of scatter_kind's values), in
// row-major order per element; the indices must have been validated.
TS_DECLARE_STUB(index_scatter_stub,
                void(const Tensor& dst, const Tensor& src, const std::vector<Tensor>& indices,
                     IntArrayRef sizes, IntArrayRef strides, int64_t reduce));
// For messages: the first out of range value over int64 indices of one shape, in PyTorch's
// order (row-major positions, then index 0, 1, ...); sets *which (the index) and *value.
TS_DECLARE_STUB(index_first_bad_stub, bool(const std::vector<Tensor>& indices, IntArrayRef sizes,
                                           bool allow_negative, int64_t* which, int64_t* value));
// Coordinates of the nonzero elements of a contiguous tensor: int64 [n, ndim], strides [1, n].
TS_DECLARE_STUB(nonzero_stub, Tensor(const Tensor& self));

// out [B, D] (zeroed) += weight[rows[i]] * scale[i] for i in [ptr[b], ptr[b + 1]); scale may be
// undefined (1).
TS_DECLARE_STUB(embedding_bag_sum_stub, void(const Tensor& out, const Tensor& weight,
                                             const Tensor& rows, const Tensor& scale,
                                             const Tensor& ptr));

}  // namespace ts
