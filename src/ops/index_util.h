// Internal to the indexing family (index.cpp, index_scatter.cpp, index_slices.cpp): helpers,
// defined here or in index_util.cpp; the kernel slots are in stubs/index.h.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "ops/ops.h"
#include "stubs/index.h"
#include "tensor/iter.h"
#include "tensor/tensor.h"

namespace ts {

namespace index_detail {

// The reductions of index_scatter_stub: kAssign, kAdd, ...
using namespace scatter_kind;

inline bool same_shape(IntArrayRef a, IntArrayRef b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

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

inline int64_t size_or_1(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }
inline int64_t stride_or_0(const Tensor& t, int64_t d) { return t.dim() == 0 ? 0 : t.strides()[d]; }
inline int64_t dims_or_1(const Tensor& t) { return std::max<int64_t>(t.dim(), 1); }

// `t` viewed with `shape`: its own strides, 0 along `zero_dim` and along dims where it has size 1
// (broadcast) or does not exist (0-dim).
inline Tensor restride(const Tensor& t, IntArrayRef shape, int64_t zero_dim) {
  DimVector st(shape.size(), 0);
  for (int64_t d = 0; d < int64_t(shape.size()); ++d)
    if (d != zero_dim && d < t.dim() && t.sizes()[d] != 1) st[d] = t.strides()[d];
  return make_view(t, DimVector(shape), std::move(st), t.storage_offset());
}

// A vector (or 0-dim) index laid along `dim` of `shape`.
inline Tensor index_along(const Tensor& index, IntArrayRef shape, int64_t dim) {
  DimVector st(shape.size(), 0);
  if (index.dim() == 1 && shape[dim] != 1) st[dim] = index.strides()[0];
  return make_view(index, DimVector(shape), std::move(st), index.storage_offset());
}

inline Tensor as_long(const Tensor& t) { return t.dtype() == DType::Int64 ? t : t.to(DType::Int64); }

inline Tensor empty_of(IntArrayRef shape, const Tensor& like, std::optional<DType> dtype = std::nullopt) {
  TensorOptions o(dtype.value_or(like.dtype()));
  o.device = like.device();
  return empty(shape, o);
}

// A contiguous copy of self: the out-of-place scatter and index_* ops write into it.
inline Tensor contiguous_copy(const Tensor& self) {
  Tensor r = empty_of(self.sizes(), self);
  copy_into(r, self);
  return r;
}

// A 0-dim tensor holding `v` converted to `dtype` (not a wrapped number).
inline Tensor scalar_tensor(const Scalar& v, DType dtype) {
  Tensor t = scalar_to_tensor(v, dtype);
  t.impl()->is_wrapped_number = false;
  return t;
}

// Runs the gather; when an index is out of range, finds the first bad value and calls
// `raise` with it (which must throw).
template <typename Raise>
void gather_along(const Tensor& out, const Tensor& src, const Tensor& index, int64_t size, int64_t stride,
                  bool allow_negative, const Tensor& original_index, const Raise& raise) {
  if (index_gather_stub(out.device().type, out, src, std::vector<Tensor>{index}, IntArrayRef(size),
                        IntArrayRef(stride), allow_negative))
    return;
  raise(find_bad_index(original_index, size, allow_negative).value_or(0));
  TS_INTERNAL_ASSERT(false, "gather: the kernel found a bad index that the check did not");
}

inline void scatter_along(const Tensor& dst, const Tensor& src, const Tensor& index, int64_t size, int64_t stride,
                          int64_t reduce) {
  index_scatter_stub(dst.device().type, dst, src, std::vector<Tensor>{index}, IntArrayRef(size), IntArrayRef(stride),
                     reduce);
}

inline bool same_sizes(const Tensor& t, IntArrayRef sizes) { return DimVector(t.sizes()) == DimVector(sizes); }

}  // namespace index_detail
}  // namespace ts
