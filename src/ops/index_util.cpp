// The indexing family's shared helpers (index_util.h): overlap checks, the views indexing
// builds without waiting on the view ops, out= handling, bad-index search and masked_scatter_'s
// mask bytes.
#include <algorithm>
#include <numeric>

#include "ops/index_util.h"
#include "ops/ops.h"
#include "tensor/iter.h"

namespace ts {

namespace index_detail {

namespace {

// PyTorch's is_non_overlapping_and_dense: some permutation of the dims is contiguous.
bool non_overlapping_and_dense(const Tensor& t) {
  const int64_t nd = t.dim();
  if (nd == 0) return true;
  std::vector<int64_t> perm(static_cast<size_t>(nd));
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
    if (t.sizes()[a] < 2) return false;
    if (t.sizes()[b] < 2) return true;
    return t.strides()[a] < t.strides()[b];
  });
  int64_t want = 1;
  for (int64_t d : perm) {
    if (t.sizes()[d] < 2) return true;
    if (t.strides()[d] != want) return false;
    want *= t.sizes()[d];
  }
  return true;
}

enum class Overlap { No, Full, Partial, TooHard };

Overlap overlap_status(const Tensor& a, const Tensor& b) {
  if (a.is_same(b)) return Overlap::Full;
  if (a.numel() == 0 || b.numel() == 0) return Overlap::No;
  if (!non_overlapping_and_dense(a) || !non_overlapping_and_dense(b)) return Overlap::TooHard;
  if (!(a.impl()->storage() == b.impl()->storage())) return Overlap::No;
  const char* ab = static_cast<const char*>(a.data_ptr());
  const char* ae = ab + a.nbytes();
  const char* bb = static_cast<const char*>(b.data_ptr());
  const char* be = bb + b.nbytes();
  if (ab == bb && ae == be) return same_shape(a.strides(), b.strides()) ? Overlap::Full : Overlap::Partial;
  if (ab < be && bb < ae) return Overlap::Partial;
  return Overlap::No;
}

constexpr const char* kOverlapMessage =
    "unsupported operation: some elements of the input tensor and the written-to tensor refer to "
    "a single memory location. Please clone() the tensor before performing the operation.";

}  // namespace

void assert_no_overlap(const Tensor& a, const Tensor& b) {
  Overlap o = overlap_status(a, b);
  TS_CHECK(o != Overlap::Full && o != Overlap::Partial, kOverlapMessage);
}

void assert_no_partial_overlap(const Tensor& a, const Tensor& b) {
  TS_CHECK(overlap_status(a, b) != Overlap::Partial, kOverlapMessage);
}

Tensor alias(const Tensor& t) {
  return make_view(t, DimVector(t.sizes()), DimVector(t.strides()), t.storage_offset());
}

Tensor unsqueeze_view(const Tensor& t, int64_t dim) {
  DimVector sizes(t.sizes()), strides(t.strides());
  int64_t st = dim >= t.dim() ? 1 : sizes[dim] * strides[dim];
  sizes.insert(size_t(dim), 1);
  strides.insert(size_t(dim), st);
  return make_view(t, std::move(sizes), std::move(strides), t.storage_offset());
}

Tensor select_view(const Tensor& t, int64_t dim, int64_t index) {
  DimVector sizes(t.sizes()), strides(t.strides());
  int64_t offset = t.storage_offset() + index * strides[dim];
  sizes.erase(size_t(dim));
  strides.erase(size_t(dim));
  return make_view(t, std::move(sizes), std::move(strides), offset);
}

Tensor permute_view(const Tensor& t, const std::vector<int64_t>& order) {
  DimVector sizes, strides;
  for (int64_t d : order) {
    sizes.push_back(t.sizes()[d]);
    strides.push_back(t.strides()[d]);
  }
  return make_view(t, std::move(sizes), std::move(strides), t.storage_offset());
}

Tensor squeeze_leading_ones(const Tensor& t) {
  size_t k = 0;
  while (k < size_t(t.dim()) && t.sizes()[k] == 1) ++k;
  if (k == 0) return t;
  DimVector sizes(IntArrayRef(t.sizes().data() + k, t.sizes().size() - k));
  DimVector strides(IntArrayRef(t.strides().data() + k, t.strides().size() - k));
  return make_view(t, std::move(sizes), std::move(strides), t.storage_offset());
}

bool is_expandable_to(IntArrayRef shape, IntArrayRef target) {
  if (shape.size() > target.size()) return false;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t s = shape[shape.size() - 1 - i], t = target[target.size() - 1 - i];
    if (s != t && s != 1) return false;
  }
  return true;
}

Tensor expand_view(const Tensor& t, IntArrayRef shape, const std::string& type_str) {
  const int64_t nd = int64_t(shape.size()), td = t.dim();
  TS_CHECK(nd >= td, "expand(", type_str, "{", shape_str(t.sizes()), "}, size=", shape_str(shape),
           "): the number of sizes provided (", nd,
           ") must be greater or equal to the number of dimensions in the tensor (", td, ")");
  DimVector sizes(shape), strides(size_t(nd), 0);
  for (int64_t i = nd - 1; i >= 0; --i) {
    int64_t j = i - (nd - td);
    if (j < 0) continue;
    int64_t have = t.sizes()[j];
    if (have == shape[i]) {
      strides[i] = t.strides()[j];
    } else {
      TS_CHECK(have == 1, "The expanded size of the tensor (", shape[i],
               ") must match the existing size (", have, ") at non-singleton dimension ", i,
               ".  Target sizes: ", shape_str(shape), ".  Tensor sizes: ", shape_str(t.sizes()));
    }
  }
  return make_view(t, std::move(sizes), std::move(strides), t.storage_offset());
}

Tensor flat(const Tensor& t) {
  Tensor c = t.is_contiguous() ? t : t.contiguous();
  return make_view(c, {c.numel()}, {1}, c.storage_offset());
}

Tensor copy_to_out(const Tensor& out, const Tensor& result) {
  resize_out(out, result.sizes());
  copy_into(out, result);
  return out;
}

void check_out_dtype(const Tensor& out, DType expected) {
  TS_CHECK(out.dtype() == expected, "Expected out tensor to have dtype ", cpp_type_name(expected),
           ", but got ", cpp_type_name(out.dtype()), " instead");
}

std::optional<int64_t> find_bad_index(const Tensor& index, int64_t size, bool allow_negative) {
  int64_t bad = 0;
  if (index_check_stub(index.device().type, index, size, allow_negative, &bad)) return std::nullopt;
  return bad;
}

Tensor mask_low_bytes(const Tensor& mask, int64_t available) {
  Tensor m = mask;
  if (is_floating(m.dtype())) {
    const size_t es = element_size(m.dtype());
    m = view_dtype(m, es == 8 ? DType::Int64 : es == 4 ? DType::Int32 : DType::Int16);
  }
  Tensor bytes = m.to(DType::UInt8).contiguous();
  const uint8_t* p = static_cast<const uint8_t*>(bytes.data_ptr());
  int64_t used = 0;
  for (int64_t i = 0; i < bytes.numel(); ++i) {
    TS_CHECK(p[i] <= 1, "Mask tensor can take 0 and 1 values only");
    if (p[i]) TS_CHECK(used++ < available, "Number of elements of source < number of ones in mask");
  }
  return bytes;
}

}  // namespace index_detail

}  // namespace ts
