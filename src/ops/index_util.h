// Internal to the indexing family (index.cpp, index_scatter.cpp): kernel slots and helpers.
#pragma once

#include <string>
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
// dst[i + offset] = reduce(dst[i + offset], src[i]), in row-major order per element; the
// indices must have been validated.
TS_DECLARE_STUB(index_scatter_stub,
                void(const Tensor& dst, const Tensor& src, const std::vector<Tensor>& indices,
                     IntArrayRef sizes, IntArrayRef strides, int64_t reduce));
// For messages: the first out of range value over int64 indices of one shape, in PyTorch's
// order (row-major positions, then index 0, 1, ...); sets *which (the index) and *value.
TS_DECLARE_STUB(index_first_bad_stub, bool(const std::vector<Tensor>& indices, IntArrayRef sizes,
                                           bool allow_negative, int64_t* which, int64_t* value));
// Coordinates of the nonzero elements of a contiguous tensor: int64 [n, ndim], strides [1, n].
TS_DECLARE_STUB(nonzero_stub, Tensor(const Tensor& self));

namespace index_detail {

// Reductions of index_scatter_stub (kernels/cpu/index.cpp has the same values).
constexpr int64_t kAssign = 0, kAdd = 1, kMultiply = 2, kMax = 3, kMin = 4;


// PyTorch's assert_no_overlap / assert_no_partial_overlap (same message).
void assert_no_overlap(const Tensor& a, const Tensor& b);
void assert_no_partial_overlap(const Tensor& a, const Tensor& b);

// Views computed here, since indexing must not wait on the view ops.
Tensor alias(const Tensor& t);
Tensor unsqueeze_view(const Tensor& t, int64_t dim);
Tensor select_view(const Tensor& t, int64_t dim, int64_t index);  // index already wrapped
Tensor permute_view(const Tensor& t, const std::vector<int64_t>& order);
Tensor squeeze_leading_ones(const Tensor& t);
// expand() with PyTorch's messages; `type_str` names the tensor in the rank error
// ("torch.FloatTensor", "CPUBoolType").
Tensor expand_view(const Tensor& t, IntArrayRef shape, const std::string& type_str);
bool is_expandable_to(IntArrayRef shape, IntArrayRef target);
// Contiguous and flattened (a view when the tensor is contiguous).
Tensor flat(const Tensor& t);

// Writes `result` into `out` (resized first), converting the dtype.
Tensor copy_to_out(const Tensor& out, const Tensor& result);
// Checks an out= dtype the way structured PyTorch kernels do.
void check_out_dtype(const Tensor& out, DType expected);

// First out of range value of `index` against `size`, if any.
std::optional<int64_t> find_bad_index(const Tensor& index, int64_t size, bool allow_negative);

// masked_scatter_'s non-bool mask as PyTorch 1.13 reads it, through `unsigned char`: the low
// byte of each element (little-endian), which must be 0 or 1, checked in order as `available`
// source elements are consumed. Returns those bytes (uint8, contiguous).
Tensor mask_low_bytes(const Tensor& mask, int64_t available);

}  // namespace index_detail
}  // namespace ts
