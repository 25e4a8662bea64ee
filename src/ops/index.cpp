// Python indexing (x[...] read and write), aten::index / index_put_, nonzero and the masked
// ops. Basic indices (ints, slices, None, Ellipsis) build views here; tensor indices go
// through make_info, which turns them into restrided operands for the kernels in
// kernels/cpu/index.cpp. The gather/scatter family lives in index_scatter.cpp, index_add /
// index_copy / index_fill in index_slices.cpp, the family's shared helpers in index_util.cpp.
#include <algorithm>
#include <limits>
#include <numeric>

#include "ops/ops.h"
#include "ops/index_util.h"
#include "ops/registry.h"
#include "stubs/index.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(index_check_stub);
TS_DEFINE_STUB(index_gather_stub);
TS_DEFINE_STUB(index_scatter_stub);
TS_DEFINE_STUB(index_first_bad_stub);
TS_DEFINE_STUB(nonzero_stub);
TS_DEFINE_STUB(index_rows_stub);

using namespace index_detail;

namespace {

// ---- advanced indexing: PyTorch's make_info / AdvancedIndex ----

struct AdvancedIndex {
  Tensor src;                     // self (indexed dims moved together) restrided to `shape`
  std::vector<Tensor> indices;    // int64 index tensors restrided to `shape`
  std::vector<Tensor> originals;  // the same before broadcasting, for validation
  DimVector sizes, strides;       // size and element stride of each indexed dim
  DimVector shape;                // the result's shape
};

void check_index_types(const std::vector<Tensor>& indices) {
  for (const Tensor& t : indices)
    if (t.defined())
      TS_CHECK_INDEX(t.dtype() == DType::Int64 || t.dtype() == DType::Bool || t.dtype() == DType::UInt8,
                     "tensors used as indices must be long, byte or bool tensors");
}

// Column j of a nonzero() result, as a view.
Tensor nonzero_column(const Tensor& nz, int64_t j) {
  return make_view(nz, {nz.sizes()[0]}, {nz.strides()[0]}, nz.storage_offset() + j * nz.strides()[1]);
}

// Bool/byte masks become their nonzero() columns, after PyTorch's shape check.
std::vector<Tensor> expand_masks(const Tensor& self, const std::vector<Tensor>& indices) {
  std::vector<Tensor> out;
  for (const Tensor& t : indices) {
    if (!t.defined() || (t.dtype() != DType::Bool && t.dtype() != DType::UInt8)) {
      out.push_back(t);
      continue;
    }
    for (int64_t j = 0; j < t.dim(); ++j) {
      int64_t src_idx = int64_t(out.size()) + j;
      int64_t have = self.sizes()[wrap_dim(src_idx, self.dim(), false)];
      TS_CHECK_INDEX(t.sizes()[j] == have, "The shape of the mask ", shape_str(t.sizes()), " at index ", j,
                     " does not match the shape of the indexed tensor ", shape_str(self.sizes()),
                     " at index ", src_idx);
    }
    Tensor nz = nonzero(t);
    for (int64_t j = 0; j < t.dim(); ++j) out.push_back(nonzero_column(nz, j));
  }
  return out;
}

int64_t numel_of(IntArrayRef shape) {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  return n;
}

bool try_broadcast(IntArrayRef a, IntArrayRef b, DimVector& out) {
  const size_t n = std::max(a.size(), b.size());
  DimVector r(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t ia = int64_t(a.size()) - 1 - int64_t(i), ib = int64_t(b.size()) - 1 - int64_t(i);
    int64_t x = ia >= 0 ? a[ia] : 1, y = ib >= 0 ? b[ib] : 1;
    if (x != y && x != 1 && y != 1) return false;
    r[n - 1 - i] = x == 1 ? y : x;
  }
  out = std::move(r);
  return true;
}

AdvancedIndex make_info(const Tensor& self, const std::vector<Tensor>& raw) {
  check_index_types(raw);
  std::vector<Tensor> idx = expand_masks(self, raw);
  if (int64_t(idx.size()) > self.dim()) wrap_dim(self.dim(), self.dim());  // PyTorch's error
  // Broadcast the index tensors together.
  DimVector bshape;
  bool any = false, ok = true;
  for (const Tensor& t : idx) {
    if (!t.defined()) continue;
    if (!any) {
      bshape = DimVector(t.sizes());
      any = true;
    } else if (ok) {
      ok = try_broadcast(bshape, t.sizes(), bshape);
    }
  }
  TS_CHECK(any, "index(): expected at least one index tensor, but every index is None");
  if (!ok) {
    std::string shapes;
    for (const Tensor& t : idx)
      if (t.defined()) shapes += (shapes.empty() ? "" : ", ") + shape_str(t.sizes());
    TS_CHECK_INDEX(false, "shape mismatch: indexing tensors could not be broadcast together with shapes ",
                   shapes);
  }
  idx.resize(size_t(self.dim()));

  // Separated index tensors move to the front (NumPy's rule); adjacent ones stay.
  int64_t first = -1, last = -1, count = 0;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (idx[d].defined()) {
      if (first < 0) first = d;
      last = d;
      ++count;
    }
  Tensor src = self;
  if (last - first + 1 != count) {
    std::vector<int64_t> order;
    std::vector<Tensor> moved;
    for (int64_t d = 0; d < self.dim(); ++d)
      if (idx[d].defined()) order.push_back(d), moved.push_back(idx[d]);
    for (int64_t d = 0; d < self.dim(); ++d)
      if (!idx[d].defined()) order.push_back(d), moved.push_back(Tensor());
    src = permute_view(self, order);
    idx = std::move(moved);
    first = 0;
  }

  // Checked on the broadcast indices, as PyTorch does (so an empty broadcast passes).
  for (int64_t k = 0; k < count; ++k)
    TS_CHECK_INDEX(!(numel_of(bshape) != 0 && src.sizes()[first + k] == 0),
                   "index is out of bounds for dimension with size 0");
  AdvancedIndex info;
  const int64_t nb = int64_t(bshape.size());
  DimVector src_strides;
  for (int64_t d = 0; d < first; ++d) {
    info.shape.push_back(src.sizes()[d]);
    src_strides.push_back(src.strides()[d]);
  }
  for (int64_t d = 0; d < nb; ++d) {
    info.shape.push_back(bshape[d]);
    src_strides.push_back(0);
  }
  for (int64_t d = first + count; d < src.dim(); ++d) {
    info.shape.push_back(src.sizes()[d]);
    src_strides.push_back(src.strides()[d]);
  }
  info.src = make_view(src, info.shape, src_strides, src.storage_offset());
  for (int64_t k = 0; k < count; ++k) {
    const Tensor& t = idx[first + k];
    info.sizes.push_back(src.sizes()[first + k]);
    info.strides.push_back(src.strides()[first + k]);
    info.originals.push_back(t);
    DimVector st(info.shape.size(), 0);
    for (int64_t i = 0; i < t.dim(); ++i) {
      int64_t bi = nb - t.dim() + i;
      st[first + bi] = t.sizes()[i] == 1 ? 0 : t.strides()[i];
    }
    info.indices.push_back(make_view(t, info.shape, st, t.storage_offset()));
  }
  return info;
}

// Raises PyTorch's error for the first out of range index (PyTorch checks inside its loop, so
// an empty result checks nothing).
void check_bounds(const AdvancedIndex& info) {
  if (numel_of(info.shape) == 0) return;
  bool all_good = true;
  for (size_t k = 0; k < info.originals.size(); ++k)
    all_good = all_good && !find_bad_index(info.originals[k], info.sizes[k], true);
  if (all_good) return;
  int64_t k = 0, value = 0;
  index_first_bad_stub(info.src.device().type, info.indices, info.sizes, true, &k, &value);
  TS_CHECK_INDEX(false, "index ", value, " is out of bounds for dimension ", k, " with size ", info.sizes[k]);
}

// PyTorch's canDispatchToMaskedFill: a one-element value and a single mask index.
bool is_masked_fill(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& value) {
  if (value.numel() != 1 || !value.device().is_cpu()) return false;
  int64_t num_ind = 0;
  bool have_mask = false;
  for (const Tensor& t : indices) {
    if (!t.defined()) {
      ++num_ind;
      continue;
    }
    if ((t.dtype() != DType::Bool && t.dtype() != DType::UInt8) || have_mask) return false;
    have_mask = true;
    for (int64_t j = 0; j < t.dim(); ++j) {
      int64_t src_idx = num_ind + j;
      TS_CHECK_INDEX(t.sizes()[j] == self.size(src_idx), "The shape of the mask ", shape_str(t.sizes()),
                     " at index ", j, " does not match the shape of the indexed tensor ",
                     shape_str(self.sizes()), " at index ", src_idx);
    }
    num_ind += t.dim();
  }
  return have_mask;
}

// ---- Python indexing: PyTorch's applySlicing and its helpers ----

Tensor apply_select(const Tensor& t, int64_t dim, int64_t index, int64_t real_dim) {
  TS_CHECK_INDEX(!(index == 0 && dim == 0 && t.dim() == 0),
                 "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                 "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
  int64_t size = dim < t.dim() ? t.sizes()[dim] : 0;
  TS_CHECK_INDEX(index >= -size && index < size, "index ", index, " is out of bounds for dimension ",
                 real_dim, " with size ", size);
  // The public view ops: on the autograd graph when t requires grad.
  return ts::select(t, dim, index < 0 ? index + size : index);
}

Tensor apply_slice(const Tensor& t, int64_t dim, const Slice& s) {
  int64_t step = s.step.value_or(1);
  TS_CHECK_VALUE(step != 0, "slice step cannot be zero");
  TS_CHECK_VALUE(step > 0, "step must be greater than zero");
  TS_CHECK_INDEX(t.dim() > 0, "slice() cannot be applied to a 0-dim tensor.");
  const int64_t size = t.sizes()[dim];
  int64_t start = s.start.value_or(0), stop = s.stop.value_or(std::numeric_limits<int64_t>::max());
  if (start < 0) start += size;
  if (stop < 0) stop += size;
  start = std::clamp<int64_t>(start, 0, size);
  stop = std::clamp<int64_t>(stop, start, size);
  return ts::slice(t, dim, start, stop, step);
}

Tensor bool_to_index(bool b) {
  Tensor t = empty({b ? 1 : 0}, TensorOptions(DType::Int64));
  if (b) t.data<int64_t>()[0] = 0;
  return t;
}

void record_index(const Tensor& t, std::vector<Tensor>& out, int64_t& dim) {
  out.resize(size_t(dim) + 1);
  out[size_t(dim)] = t;
  ++dim;
}

int64_t count_specified_dims(const std::vector<TensorIndex>& indices) {
  int64_t n = 0;
  for (const TensorIndex& i : indices) {
    if (i.kind() == TensorIndex::Kind::Integer || i.kind() == TensorIndex::Kind::Slice) ++n;
    if (i.kind() == TensorIndex::Kind::Tensor) {
      DType t = i.tensor().dtype();
      n += (t == DType::Bool || t == DType::UInt8) ? i.tensor().dim() : 1;
    }
  }
  return n;
}

Tensor apply_slicing(const Tensor& self, const std::vector<TensorIndex>& indices,
                     std::vector<Tensor>& out) {
  const int64_t specified = count_specified_dims(indices);
  TS_CHECK_INDEX(specified <= self.dim(), "too many indices for tensor of dimension ", self.dim());
  int64_t dim = 0;
  Tensor r = self;
  for (size_t i = 0; i < indices.size(); ++i) {
    const TensorIndex& x = indices[i];
    switch (x.kind()) {
      case TensorIndex::Kind::Integer: r = apply_select(r, dim, x.integer(), int64_t(i)); break;
      case TensorIndex::Kind::Slice: r = apply_slice(r, dim++, x.slice()); break;
      case TensorIndex::Kind::Ellipsis: dim += self.dim() - specified; break;
      case TensorIndex::Kind::None: r = ts::unsqueeze(r, dim++); break;
      case TensorIndex::Kind::Boolean:
        r = ts::unsqueeze(r, dim);
        record_index(bool_to_index(x.boolean()), out, dim);
        break;
      case TensorIndex::Kind::Tensor: {
        const Tensor& t = x.tensor();
        TS_CHECK(t.defined(), "an index tensor is undefined");
        if (t.dim() == 0 && is_integral(t.dtype(), true)) {
          if (t.dtype() != DType::Bool && t.dtype() != DType::UInt8) {
            r = apply_select(r, dim, t.item().to_int(), int64_t(i));
          } else {
            r = ts::unsqueeze(r, dim);
            record_index(bool_to_index(t.item().to_bool()), out, dim);
          }
        } else {
          record_index(t, out, dim);
        }
        break;
      }
    }
  }
  return r;
}

std::string legacy_tensor_type(const Tensor& t) {
  return std::string("torch.") + scalar_type_name(t.dtype()) + "Tensor";
}

// PyTorch's copy_to: dst.copy_(src) after stripping src's leading 1s and expanding it.
void copy_to(const Tensor& dst, const Tensor& src) {
  if (GradMode::is_enabled() && (dst.requires_grad() || src.requires_grad())) {
    // Through the public copy_ (CopySlices when dst is a view of a tensor in the graph).
    Tensor s = src;
    if (!same_shape(dst.sizes(), src.sizes()) && src.dim() > 0) {
      Tensor stripped = squeeze_leading_ones(src);
      s = ts::reshape(src, stripped.sizes());
    }
    Tensor(dst).copy_(s);
    return;
  }
  if (same_shape(dst.sizes(), src.sizes())) {
    assert_no_partial_overlap(dst, src);
    copy_into(dst, src);
    return;
  }
  if (src.dim() == 0) {
    copy_into(dst, src);
    return;
  }
  Tensor e = expand_view(squeeze_leading_ones(src), dst.sizes(), legacy_tensor_type(src));
  assert_no_partial_overlap(dst, e);
  copy_into(dst, e);
}

Tensor index_put_impl(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                      bool accumulate) {
  TS_CHECK_INDEX(int64_t(indices.size()) <= self.dim(), "too many indices for tensor of dimension ",
                 self.dim(), " (got ", indices.size(), ")");
  Tensor v = values;
  if (!accumulate && is_masked_fill(self, indices, values)) {
    v = scalar_tensor(values.item(), self.dtype());  // PyTorch's masked_fill_ path: no overlap checks
  } else {
    assert_no_overlap(self, values);
    for (const Tensor& t : indices)
      if (t.defined()) assert_no_overlap(self, t);
  }
  AdvancedIndex info = make_info(self, indices);
  TS_CHECK(is_expandable_to(v.sizes(), info.shape), "shape mismatch: value tensor of shape ",
           shape_str(v.sizes()), " cannot be broadcast to indexing result of shape ", shape_str(info.shape));
  TS_CHECK(v.dtype() == self.dtype(), "Index put requires the source and destination dtypes match, got ",
           scalar_type_name(self.dtype()), " for the destination and ", scalar_type_name(v.dtype()),
           " for the source.");
  check_bounds(info);
  Tensor ve = expand_view(v, info.shape, "");
  index_scatter_stub(self.device().type, info.src, ve, info.indices, info.sizes, info.strides,
                     accumulate ? kAdd : kAssign);
  self.bump_version();
  return self;
}

}  // namespace

// ---- public API ----

Tensor index_tensor(const Tensor& self, const std::vector<Tensor>& indices) {
  TS_AUTOGRAD("index.Tensor", self, indices);
  TS_CHECK_INDEX(int64_t(indices.size()) <= self.dim(), "too many indices for tensor of dimension ",
                 self.dim(), " (got ", indices.size(), ")");
  AdvancedIndex info = make_info(self, indices);
  Tensor out = empty_of(info.shape, self);
  if (!index_gather_stub(self.device().type, out, info.src, info.indices, info.sizes, info.strides, true)) {
    check_bounds(info);
    TS_INTERNAL_ASSERT(false, "index: the kernel found a bad index that the check did not");
  }
  return out;
}

Tensor index_tensor_out(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& out) {
  return copy_to_out(out, index_tensor(self, indices));
}

Tensor index_put_(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                  bool accumulate) {
  TS_AUTOGRAD("index_put_", self, indices, values, accumulate);
  return index_put_impl(self, indices, values, accumulate);
}

Tensor index_put(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                 bool accumulate) {
  TS_AUTOGRAD("index_put", self, indices, values, accumulate);
  return index_put_impl(self.clone(), indices, values, accumulate);
}

Tensor index_put_out(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                     bool accumulate, const Tensor& out) {
  return copy_to_out(out, index_put(self, indices, values, accumulate));
}

Tensor index(const Tensor& self, const std::vector<TensorIndex>& indices) {
  if (indices.size() == 1) {  // Python's single-index fast paths
    const TensorIndex& i = indices[0];
    switch (i.kind()) {
      case TensorIndex::Kind::Integer: return apply_select(self, 0, i.integer(), 0);
      case TensorIndex::Kind::Slice: return apply_slice(self, 0, i.slice());
      case TensorIndex::Kind::None: return ts::unsqueeze(self, 0);
      case TensorIndex::Kind::Ellipsis: return ts::alias(self);
      case TensorIndex::Kind::Boolean:
        return index_tensor(ts::unsqueeze(self, 0), {bool_to_index(i.boolean())});
      case TensorIndex::Kind::Tensor: break;
    }
  }
  std::vector<Tensor> tensors;
  Tensor sliced = apply_slicing(self, indices, tensors);
  if (tensors.empty()) return sliced.is_same(self) ? ts::alias(self) : sliced;
  return index_tensor(sliced, tensors);
}

Tensor index_set_(const Tensor& self, const std::vector<TensorIndex>& indices, const Tensor& value) {
  if (indices.size() == 1) {
    const TensorIndex& i = indices[0];
    switch (i.kind()) {
      case TensorIndex::Kind::Boolean:
        if (i.boolean()) copy_to(ts::unsqueeze(self, 0), value);
        return self;  // x[False] = v writes nothing
      case TensorIndex::Kind::Ellipsis: copy_to(self, value); return self;
      case TensorIndex::Kind::None: copy_to(ts::unsqueeze(self, 0), value); return self;
      case TensorIndex::Kind::Integer: copy_to(apply_select(self, 0, i.integer(), 0), value); return self;
      case TensorIndex::Kind::Slice: copy_to(apply_slice(self, 0, i.slice()), value); return self;
      case TensorIndex::Kind::Tensor: break;
    }
  }
  std::vector<Tensor> tensors;
  Tensor sliced = apply_slicing(self, indices, tensors);
  if (tensors.empty()) {
    copy_to(sliced, value);
    return self;
  }
  if (GradMode::is_enabled() && (sliced.requires_grad() || value.requires_grad())) {
    index_put_(sliced, tensors, ts::reshape(value, squeeze_leading_ones(value).sizes()), false);
    return self;
  }
  index_put_impl(sliced, tensors, squeeze_leading_ones(value), false);
  return self;
}

Tensor index_set_(const Tensor& self, const std::vector<TensorIndex>& indices, const Scalar& value) {
  return index_set_(self, indices, scalar_tensor(value, self.dtype()));
}

Tensor index_augassign_(const Tensor& self, const std::vector<TensorIndex>& indices,
                        const std::function<Tensor(const Tensor&)>& op) {
  Tensor updated = op(index(self, indices));
  return index_set_(self, indices, updated);
}

Tensor nonzero(const Tensor& self) { return nonzero_stub(self.device().type, self.contiguous()); }

Tensor nonzero_out(const Tensor& self, const Tensor& out) {
  TS_CHECK(out.dtype() == DType::Int64, "nonzero: Expected out tensor to have scalar type Long but got scalar type",
           scalar_type_name(out.dtype()));
  return copy_to_out(out, nonzero(self));
}

std::vector<Tensor> nonzero_numpy(const Tensor& self) {
  // A 0-dim self answers as a 1-element vector (one index tensor), as PyTorch's.
  Tensor s = self.dim() == 0 ? unsqueeze_view(self, 0) : self;
  Tensor nz = nonzero(s);
  std::vector<Tensor> r;
  for (int64_t j = 0; j < s.dim(); ++j) r.push_back(nonzero_column(nz, j));
  return r;
}

Tensor argwhere(const Tensor& self) { return nonzero(self); }

Tensor masked_select(const Tensor& self, const Tensor& mask) {
  TS_AUTOGRAD("masked_select", self, mask);
  TS_CHECK(mask.dtype() == DType::Bool || mask.dtype() == DType::UInt8,
           "masked_select: expected BoolTensor or ByteTensor for mask");
  DimVector shape = broadcast_shapes(mask.sizes(), self.sizes());
  if (shape.empty()) shape.push_back(1);  // a 0-dim pair selects from a 1-element view
  return index_tensor(expand_view(self, shape, ""), {expand_view(mask, shape, "")});
}

Tensor masked_select_out(const Tensor& self, const Tensor& mask, const Tensor& out) {
  TS_CHECK(self.dtype() == out.dtype(), "masked_select(): self and result must have the same scalar type");
  return copy_to_out(out, masked_select(self, mask));
}

Tensor masked_scatter_(const Tensor& self, const Tensor& mask, const Tensor& source) {
  TS_AUTOGRAD("masked_scatter_", self, mask, source);
  TS_CHECK(self.dtype() == source.dtype(), "masked_scatter: expected self and source to have same dtypes but got",
           scalar_type_name(self.dtype()), " and ", scalar_type_name(source.dtype()));
  Tensor m = expand_view(mask, self.sizes(), std::string("CPU") + scalar_type_name(mask.dtype()) + "Type");
  if (m.dtype() != DType::Bool) m = mask_low_bytes(m, source.numel());
  // A 0-dim self is written through a 1-element view.
  Tensor dst = self.dim() == 0 ? unsqueeze_view(self, 0) : self;
  if (self.dim() == 0) m = unsqueeze_view(m, 0);
  Tensor cols = nonzero(m);
  const int64_t n = cols.sizes()[0];
  Tensor src = flat(source);
  TS_CHECK(src.numel() >= n, "Number of elements of source < number of ones in mask");
  std::vector<Tensor> idx;
  for (int64_t j = 0; j < dst.dim(); ++j) idx.push_back(nonzero_column(cols, j));
  AdvancedIndex info = make_info(dst, idx);
  Tensor values = make_view(src, {n}, {1}, src.storage_offset());
  index_scatter_stub(self.device().type, info.src, values, info.indices, info.sizes, info.strides, kAssign);
  self.bump_version();
  return self;
}

Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source) {
  TS_AUTOGRAD("masked_scatter", self, mask, source);
  DimVector shape = broadcast_shapes(mask.sizes(), self.sizes());
  Tensor r = empty_of(shape, self);
  copy_into(r, expand_view(self, shape, ""));
  return masked_scatter_(r, expand_view(mask, shape, ""), source);
}

namespace {

std::vector<Tensor> optional_tensor_list(const IValue& v) {
  std::vector<Tensor> r;
  for (const IValue& x : v.items()) r.push_back(x.is_none() ? Tensor() : x.to_tensor());
  return r;
}

Tensor masked_scatter_out(const Tensor& self, const Tensor& mask, const Tensor& source, const Tensor& out) {
  return copy_to_out(out, masked_scatter(self, mask, source));
}

}  // namespace

namespace {
// `t[i]` in a script: select() with Python indexing's checks and message ("index 10 is out of
// bounds for dimension 0 with size 5"); `position` is the dimension the message names (-1: dim).
Tensor ts_select_index(const Tensor& self, int64_t dim, int64_t index, int64_t position) {
  // t[0, 0, 0] on a 2-d tensor runs as selects: the third finds no dimension left. Each index
  // before it that is not a slice (position - dim of them) removed one.
  TS_CHECK_INDEX(!(dim >= 0 && position > 0 && dim >= self.dim()), "too many indices for tensor of dimension ",
                 self.dim() + position - dim);
  if (dim < 0 && self.dim() > 0) dim = wrap_dim(dim, self.dim());
  return apply_select(self, dim, index, position < 0 ? dim : position);
}
// `t[a:b:c]` in a script: slice() with Python indexing's checks (a step below one is a
// ValueError, as PyTorch's indexing raises it, where aten::slice raises a RuntimeError).
Tensor ts_slice_index(const Tensor& self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end,
                      int64_t step) {
  TS_CHECK_VALUE(step != 0, "slice step cannot be zero");
  TS_CHECK_VALUE(step > 0, "step must be greater than zero");
  return ts::slice(self, dim, start, end, step);
}
}  // namespace

TS_REGISTER_OPS(index) {
  r.def<&ts_select_index>("_ts_select_index(Tensor(a) self, int dim, int index, int position) -> Tensor(a)")
      .composite_op().variants("");
  r.def<&ts_slice_index>("_ts_slice_index(Tensor(a) self, int dim, int? start, int? end, int step) -> Tensor(a)")
      .composite_op().variants("");
  // Tensor?[] holds None entries, which the generic boxing does not convert.
  r.def("index.Tensor(Tensor self, Tensor?[] indices) -> Tensor", [](Stack& s) {
    Tensor out = index_tensor(s[0].to_tensor(), optional_tensor_list(s[1]));
    s.clear();
    s.emplace_back(out);
  });
  r.def("index.Tensor_out(Tensor self, Tensor?[] indices, *, Tensor(a!) out) -> Tensor(a!)", [](Stack& s) {
    Tensor out = index_tensor_out(s[0].to_tensor(), optional_tensor_list(s[1]), s[2].to_tensor());
    s.clear();
    s.emplace_back(out);
  });
  r.def("index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)",
        [](Stack& s) {
          Tensor out = index_put_(s[0].to_tensor(), optional_tensor_list(s[1]), s[2].to_tensor(), s[3].to_bool());
          s.clear();
          s.emplace_back(out);
        });
  r.def("index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor",
        [](Stack& s) {
          Tensor out = index_put(s[0].to_tensor(), optional_tensor_list(s[1]), s[2].to_tensor(), s[3].to_bool());
          s.clear();
          s.emplace_back(out);
        });
  r.def("index_put.out(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False, *, "
        "Tensor(a!) out) -> Tensor(a!)",
        [](Stack& s) {
          Tensor out = index_put_out(s[0].to_tensor(), optional_tensor_list(s[1]), s[2].to_tensor(),
                                     s[3].to_bool(), s[4].to_tensor());
          s.clear();
          s.emplace_back(out);
        });
  r.def<&nonzero>("nonzero(Tensor self) -> Tensor").not_differentiable();
  r.def<&nonzero_out>("nonzero.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&nonzero_numpy>("nonzero_numpy(Tensor self) -> Tensor[]").not_differentiable();
  r.def<&argwhere>("argwhere(Tensor self) -> Tensor").not_differentiable();
  r.def<&masked_select>("masked_select(Tensor self, Tensor mask) -> Tensor");
  r.def<&masked_select_out>("masked_select.out(Tensor self, Tensor mask, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&masked_scatter>("masked_scatter(Tensor self, Tensor mask, Tensor source) -> Tensor");
  r.def<&masked_scatter_>("masked_scatter_(Tensor(a!) self, Tensor mask, Tensor source) -> Tensor(a!)");
  r.def<&masked_scatter_out>(
      "masked_scatter.out(Tensor self, Tensor mask, Tensor source, *, Tensor(a!) out) -> Tensor(a!)");
}

// ---- Derivatives (PyTorch 1.13's derivatives.yaml) ----

namespace {
// A Tensor?[] argument as the formula sees it (None entries undefined).
std::vector<Tensor> opt_list(const ops::BackwardCtx& c, size_t arg) {
  std::vector<Tensor> r;
  for (const IValue& v : c.args[arg].items()) r.push_back(v.is_tensor() ? v.to_tensor() : Tensor());
  return r;
}
}  // namespace

TS_REGISTER_OPS(index_grads) {
  // Flat tensor inputs: self, each index (never differentiable), then values / source.
  r.entry("index", "Tensor").grad("IndexBackward0", "indices", TS_GRAD({
    std::vector<Tensor> idx = opt_list(c, 1);
    ops::Grads out(c.in_sizes.size());
    out[0] = index_put(zeros(c.sizes(0), TensorOptions(c.grad().dtype())), idx, c.grad(), true);
    return out;
  }));
  const ops::Derivative* put_d = r.entry("index_put").grad("IndexPutBackward0", "indices values", TS_GRAD({
    std::vector<Tensor> idx = opt_list(c, 1);
    ops::Grads out(c.in_sizes.size());
    const bool accumulate = c.flag(3);
    if (c.need(0))
      out[0] = accumulate ? c.grad() : index_put(c.grad(), idx, zeros_like(c.in(2)), false);
    if (c.need(out.size() - 1)) out.back() = index_tensor(c.grad(), idx);
    return out;
  })).derivative;
  r.entry("index_put_").grad(put_d);
  r.entry("masked_select").grad("MaskedSelectBackward0", "self mask", TS_GRAD({
    // Against the broadcast shape; the engine sums back to self's.
    const Tensor& mask = c.in(1);
    DimVector shape = broadcast_shapes(c.sizes(0), mask.sizes());
    Tensor z = zeros(shape, TensorOptions(c.grad().dtype()));
    return {masked_scatter(z, expand(mask, shape), c.grad()), Tensor()};
  }));
  const ops::Derivative* ms = r.entry("masked_scatter").grad("MaskedScatterBackward0", "mask", TS_GRAD({
    const Tensor& mask = c.in(1);
    Tensor gs, gsrc;
    if (c.need(0)) gs = where(mask, Scalar(0.0), c.grad());
    if (c.need(2)) {
      // The selected gradient, zero-padded to the source's size.
      Tensor sel = masked_select(c.grad(), mask);
      int64_t n = 1;
      for (int64_t s : c.sizes(2)) n *= s;
      if (sel.numel() < n)
        sel = cat({sel, zeros({n - sel.numel()}, TensorOptions(c.grad().dtype()))}, 0);
      gsrc = reshape(sel, c.sizes(2));
    }
    return {gs, Tensor(), gsrc};
  })).derivative;
  r.entry("masked_scatter_").grad(ms);
}

}  // namespace ts
