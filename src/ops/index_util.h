// Internal to the indexing family (index.cpp, index_scatter.cpp): helpers; the kernel slots
// are in stubs/index.h.
#pragma once

#include <string>
#include <vector>

#include "stubs/index.h"
#include "tensor/tensor.h"

namespace ts {

namespace index_detail {

// The reductions of index_scatter_stub: kAssign, kAdd, ...
using namespace scatter_kind;

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
