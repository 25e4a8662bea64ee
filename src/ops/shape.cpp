// View ops that reshape or reorder dims (view, reshape, flatten, squeeze, permute, transpose,
// movedim, expand, ...): each computes a new geometry (sizes, strides, offset) over the input's
// storage, with PyTorch's checks and messages; the views that pick part of the input are in
// slicing.cpp. Also the Tensor methods declared in tensor/tensor.h and the introspection ops
// (size, dim, numel, stride, item, to, ...).
#include <algorithm>
#include <numeric>
#include <optional>

#include "ops/ops.h"
#include "ops/registry.h"
#include "ops/shape_util.h"
#include "tensor/iter.h"

namespace ts {

using shape_detail::alias_with;

namespace shape_detail {

int64_t storage_nbytes(IntArrayRef sizes, IntArrayRef strides, int64_t itemsize,
                       int64_t storage_offset) {
  // Unsigned arithmetic with overflow checks, as PyTorch does: a negative size or a negative
  // stride that is actually used wraps around and counts as an overflow.
  uint64_t size = 1;
  bool overflowed = false;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == 0) return 0;
    uint64_t strided;
    overflowed |= __builtin_mul_overflow(uint64_t(strides[i]), uint64_t(sizes[i] - 1), &strided);
    overflowed |= __builtin_add_overflow(size, strided, &size);
  }
  overflowed |= __builtin_add_overflow(size, uint64_t(storage_offset), &size);
  overflowed |= __builtin_mul_overflow(uint64_t(itemsize), size, &size);
  overflowed |= size > uint64_t(INT64_MAX);
  TS_CHECK(!overflowed, "Storage size calculation overflowed with sizes=", shape_str(sizes),
           " and strides=", shape_str(strides));
  return int64_t(size);
}


}  // namespace shape_detail

namespace {

// PyTorch's infer_size: resolves one -1 and checks the element count.
DimVector infer_size(IntArrayRef shape, int64_t numel) {
  DimVector res(shape);
  int64_t newsize = 1;
  std::optional<size_t> infer_dim;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      TS_CHECK(!infer_dim, "only one dimension can be inferred");
      infer_dim = d;
    } else if (shape[d] >= 0) {
      newsize *= shape[d];
    } else {
      TS_ERROR("invalid shape dimension ", shape[d]);
    }
  }
  if (numel == newsize || (infer_dim && newsize > 0 && numel % newsize == 0)) {
    if (infer_dim) {
      // -1 with a zero-sized dim next to it could be any size: PyTorch refuses.
      TS_CHECK(newsize != 0, "cannot reshape tensor of 0 elements into shape ", shape_str(shape),
               " because the unspecified dimension size -1 can be any value and is ambiguous");
      res[*infer_dim] = numel / newsize;
    }
    return res;
  }
  TS_ERROR("shape '", shape_str(shape), "' is invalid for input of size ", numel);
}

// PyTorch's computeStride: strides for viewing (oldshape, oldstride) as newshape without a copy,
// or nullopt when a new dimension would span two non-contiguous chunks of the old one.
std::optional<DimVector> compute_stride(IntArrayRef oldshape, IntArrayRef oldstride,
                                        IntArrayRef newshape) {
  if (oldshape.empty()) return DimVector(newshape.size(), 1);
  int64_t numel = 1;
  for (int64_t s : oldshape) numel *= s;
  if (numel == 0 && oldshape == newshape) return DimVector(oldstride);
  DimVector newstride(newshape.size());
  if (numel == 0) {
    for (int64_t d = int64_t(newshape.size()) - 1; d >= 0; --d) {
      newstride[d] = d == int64_t(newshape.size()) - 1
                         ? 1
                         : std::max<int64_t>(newshape[d + 1], 1) * newstride[d + 1];
    }
    return newstride;
  }
  int64_t view_d = int64_t(newshape.size()) - 1;
  int64_t chunk_base_stride = oldstride.back();
  int64_t tensor_numel = 1, view_numel = 1;
  for (int64_t tensor_d = int64_t(oldshape.size()) - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel *= oldshape[tensor_d];
    // At the end of a contiguous chunk of the old shape, lay the view's dims over it.
    if (tensor_d == 0 || (oldshape[tensor_d - 1] != 1 &&
                          oldstride[tensor_d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || newshape[view_d] == 1)) {
        newstride[view_d] = view_numel * chunk_base_stride;
        view_numel *= newshape[view_d];
        --view_d;
      }
      if (view_numel != tensor_numel) return std::nullopt;
      if (tensor_d > 0) {
        chunk_base_stride = oldstride[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return newstride;
}

// "torch.FloatTensor", as expand's message names a tensor type.
std::string tensor_type_string(const Tensor& t) {
  return util::str("torch.", t.device().is_cuda() ? "cuda." : "", scalar_type_name(t.dtype()),
                   "Tensor");
}

}  // namespace

Tensor view(const Tensor& self, IntArrayRef size) {
  TS_AUTOGRAD("view", self, size);
  DimVector shape = infer_size(size, self.numel());
  auto stride = compute_stride(self.sizes(), self.strides(), shape);
  TS_CHECK(stride.has_value(),
           "view size is not compatible with input tensor's size and stride (at least one "
           "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  return alias_with(self, std::move(shape), std::move(*stride), self.storage_offset());
}

Tensor view_dtype(const Tensor& self, DType dtype) {
  if (self.dtype() == dtype) return self;
  const int64_t old_size = int64_t(element_size(self.dtype()));
  const int64_t new_size = int64_t(element_size(dtype));
  const char* from = scalar_type_name(self.dtype());
  const char* to = scalar_type_name(dtype);
  DimVector sizes(self.sizes()), strides(self.strides());
  int64_t offset = self.storage_offset();
  const int64_t nd = self.dim();
  if (old_size != new_size) {
    TS_CHECK(nd != 0, "self.dim() cannot be 0 to view ", from, " as ", to,
             " (different element sizes)");
    TS_CHECK(self.stride(-1) == 1, "self.stride(-1) must be 1 to view ", from, " as ", to,
             " (different element sizes), but got ", self.stride(-1));
    if (old_size > new_size) {
      const int64_t ratio = old_size / new_size;
      for (int64_t d = 0; d < nd - 1; ++d) strides[d] *= ratio;
      sizes[nd - 1] *= ratio;
      offset *= ratio;
    } else {
      const int64_t ratio = new_size / old_size;
      TS_CHECK(self.size(-1) % ratio == 0, "self.size(-1) must be divisible by ", ratio,
               " to view ", from, " as ", to, " (different element sizes), but got ",
               self.size(-1));
      TS_CHECK(offset % ratio == 0, "self.storage_offset() must be divisible by ", ratio,
               " to view ", from, " as ", to, " (different element sizes), but got ", offset);
      for (int64_t d = 0; d < nd - 1; ++d) {
        TS_CHECK(strides[d] % ratio == 0, "self.stride(", d, ") must be divisible by ", ratio,
                 " to view ", from, " as ", to, " (different element sizes), but got ", strides[d]);
        strides[d] /= ratio;
      }
      sizes[nd - 1] /= ratio;
      offset /= ratio;
    }
  }
  return Tensor(util::make_intrusive<TensorImpl>(self.impl()->storage(), dtype, std::move(sizes),
                                                 std::move(strides), offset));
}

// PyTorch's _reshape_alias (what reshape records when its result is a view:
// ReshapeAliasBackward0) and _unsafe_view (a reshape of a fresh tensor that is not a view:
// UnsafeViewBackward0; tensordot and kron end with them too).
Tensor reshape_alias(const Tensor& self, IntArrayRef size, IntArrayRef stride) {
  TS_AUTOGRAD("_reshape_alias", self, size, stride);
  TS_CHECK(size.size() == stride.size(), "_reshape_alias: expected ", size.size(), " strides, got ",
           stride.size());
  return make_view(self, DimVector(size), DimVector(stride), self.storage_offset());
}
Tensor unsafe_view(const Tensor& self, IntArrayRef size) {
  TS_AUTOGRAD("_unsafe_view", self, size);
  Tensor r;
  {
    NoGradGuard off;
    r = view(self, size);
  }
  r.impl()->view_base.reset();
  r.impl()->view_kind = TensorImpl::kPlainView;
  return r;
}

// A composite as PyTorch 1.13's: a view when the strides allow (_reshape_alias), else a
// contiguous copy viewed (clone, then _unsafe_view); those record the nodes.
Tensor reshape(const Tensor& self, IntArrayRef shape) {
  DimVector sizes = infer_size(shape, self.numel());
  if (auto stride = compute_stride(self.sizes(), self.strides(), sizes)) return reshape_alias(self, sizes, *stride);
  if (GradMode::is_enabled() && self.requires_grad()) return unsafe_view(contiguous(self), sizes);
  TensorOptions o(self.dtype());
  o.device = self.device();
  Tensor copy = empty(self.sizes(), o);
  copy_into(copy, self);
  DimVector strides = contiguous_strides(sizes);
  return make_view(copy, std::move(sizes), std::move(strides), 0);
}

Tensor view_as(const Tensor& self, const Tensor& other) { return view(self, other.sizes()); }
Tensor reshape_as(const Tensor& self, const Tensor& other) { return reshape(self, other.sizes()); }

Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) {
  start_dim = wrap_dim(start_dim, self.dim());
  end_dim = wrap_dim(end_dim, self.dim());
  TS_CHECK(start_dim <= end_dim, "flatten() has invalid args: start_dim cannot come after end_dim");
  if (self.dim() == 0) return reshape(self, {1});
  if (start_dim == end_dim) return self;
  // Not infer_size with -1: [0, 1, 3, 0] flattened over dims 1..2 must give [0, 3, 0].
  int64_t slice_numel = 1;
  for (int64_t d = start_dim; d <= end_dim; ++d) slice_numel *= self.sizes()[d];
  DimVector shape;
  for (int64_t d = 0; d < start_dim; ++d) shape.push_back(self.sizes()[d]);
  shape.push_back(slice_numel);
  for (int64_t d = end_dim + 1; d < self.dim(); ++d) shape.push_back(self.sizes()[d]);
  return reshape(self, shape);
}

Tensor unflatten(const Tensor& self, int64_t dim, IntArrayRef sizes) {
  dim = wrap_dim(dim, self.dim());
  TS_CHECK(!sizes.empty(), "unflatten: sizes must be non-empty");
  DimVector inferred;
  const int64_t dim_size = self.size(dim);  // a 0-dim self raises IndexError here, unreworded
  try {
    inferred = infer_size(sizes, dim_size);
  } catch (const Error& e) {
    // PyTorch rewords only the element-count failure.
    if (e.message().find("is invalid for input of size") == std::string::npos)
      TS_ERROR("unflatten got an unexpected error:\n", e.message());
    TS_ERROR("unflatten: Provided sizes ", shape_str(sizes),
             " don't multiply up to the size of dim ", dim, " (", self.size(dim),
             ") in the input tensor");
  }
  DimVector shape;
  for (int64_t d = 0; d < dim; ++d) shape.push_back(self.sizes()[d]);
  for (int64_t s : inferred) shape.push_back(s);
  for (int64_t d = dim + 1; d < self.dim(); ++d) shape.push_back(self.sizes()[d]);
  return view(self, shape);
}

Tensor squeeze(const Tensor& self) {
  TS_AUTOGRAD("squeeze", self);
  DimVector sizes, strides;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (self.sizes()[d] == 1) continue;
    sizes.push_back(self.sizes()[d]);
    strides.push_back(self.strides()[d]);
  }
  return alias_with(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor squeeze(const Tensor& self, int64_t dim) {
  TS_AUTOGRAD("squeeze.dim", self, dim);
  const int64_t nd = self.dim();
  dim = wrap_dim(dim, nd);
  DimVector sizes(self.sizes()), strides(self.strides());
  if (nd > 0 && sizes[dim] == 1) {
    sizes.erase(size_t(dim));
    strides.erase(size_t(dim));
  }
  return alias_with(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor unsqueeze(const Tensor& self, int64_t dim) {
  TS_AUTOGRAD("unsqueeze", self, dim);
  dim = wrap_dim(dim, self.dim() + 1);
  DimVector sizes(self.sizes()), strides(self.strides());
  int64_t st = dim >= self.dim() ? 1 : sizes[dim] * strides[dim];
  sizes.insert(size_t(dim), 1);
  strides.insert(size_t(dim), st);
  return alias_with(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor permute(const Tensor& self, IntArrayRef dims) {
  TS_AUTOGRAD("permute", self, dims);
  const int64_t nd = self.dim();
  TS_CHECK(int64_t(dims.size()) == nd,
           "permute(sparse_coo): number of dimensions in the tensor input does not match the "
           "length of the desired ordering of dimensions i.e. input.dim() = ",
           nd, " is not equal to len(dims) = ", dims.size());
  DimVector sizes(static_cast<size_t>(nd)), strides(static_cast<size_t>(nd));
  std::vector<bool> seen(size_t(nd), false);
  for (int64_t i = 0; i < nd; ++i) {
    int64_t d = wrap_dim(dims[i], nd);
    TS_CHECK(!seen[d], "permute(): duplicate dims are not allowed.");
    seen[d] = true;
    sizes[i] = self.sizes()[d];
    strides[i] = self.strides()[d];
  }
  return alias_with(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) {
  TS_AUTOGRAD("transpose.int", self, dim0, dim1);
  const int64_t nd = self.dim();
  dim0 = wrap_dim(dim0, nd);
  dim1 = wrap_dim(dim1, nd);
  DimVector sizes(self.sizes()), strides(self.strides());
  if (dim0 != dim1) {
    std::swap(sizes[dim0], sizes[dim1]);
    std::swap(strides[dim0], strides[dim1]);
  }
  return alias_with(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor swapaxes(const Tensor& self, int64_t axis0, int64_t axis1) {
  return transpose(self, axis0, axis1);
}

Tensor t(const Tensor& self) {
  TS_AUTOGRAD("t", self);
  TS_CHECK(self.dim() <= 2, "t() expects a tensor with <= 2 dimensions, but self is ", self.dim(),
           "D");
  return transpose(self, 0, self.dim() < 2 ? 0 : 1);
}

Tensor movedim(const Tensor& self, IntArrayRef src, IntArrayRef dst) {
  TS_CHECK(src.size() == dst.size(), "movedim: Invalid source or destination dims: source (",
           shape_str(src), " dims) should contain the same number of dims as destination (",
           shape_str(dst), " dims)");
  const int64_t nd = self.dim();
  DimVector nsrc(src.size()), ndst(dst.size());
  for (size_t i = 0; i < src.size(); ++i) nsrc[i] = wrap_dim(src[i], nd);
  for (size_t i = 0; i < dst.size(); ++i) ndst[i] = wrap_dim(dst[i], nd);
  auto all_unique = [](DimVector v) {
    std::sort(v.begin(), v.end());
    return std::adjacent_find(v.begin(), v.end()) == v.end();
  };
  TS_CHECK(all_unique(nsrc), "movedim: repeated dim in `source` (", shape_str(src), ")");
  TS_CHECK(all_unique(ndst), "movedim: repeated dim in `destination` (", shape_str(dst), ")");
  if (nd == 0) return alias(self);
  // Moved dims take their destinations; the rest keep their relative order in the gaps.
  DimVector order(size_t(nd), -1);
  std::vector<bool> src_used(size_t(nd), false);
  for (size_t i = 0; i < nsrc.size(); ++i) {
    order[ndst[i]] = nsrc[i];
    src_used[nsrc[i]] = true;
  }
  int64_t next = 0;
  for (int64_t d = 0; d < nd; ++d) {
    if (order[d] != -1) continue;
    while (src_used[next]) ++next;
    order[d] = next++;
  }
  return permute(self, order);
}

Tensor movedim(const Tensor& self, int64_t source, int64_t destination) {
  return movedim(self, IntArrayRef(source), IntArrayRef(destination));
}

Tensor expand(const Tensor& self, IntArrayRef size, bool) {
  TS_AUTOGRAD("expand", self, size, false);
  const int64_t nd = int64_t(size.size()), td = self.dim();
  TS_CHECK(nd >= td, "expand(", tensor_type_string(self), "{", shape_str(self.sizes()),
           "}, size=", shape_str(size), "): the number of sizes provided (", nd,
           ") must be greater or equal to the number of dimensions in the tensor (", td, ")");
  DimVector sizes(static_cast<size_t>(nd)), strides(static_cast<size_t>(nd));
  if (td == 0) {
    sizes = DimVector(size);
    strides = DimVector(size_t(nd), 0);
  } else {
    for (int64_t i = nd - 1; i >= 0; --i) {
      int64_t d = td - (nd - i);
      int64_t sz = d >= 0 ? self.sizes()[d] : 1;
      int64_t st = d >= 0 ? self.strides()[d] : sizes[i + 1] * strides[i + 1];
      int64_t target = size[i];
      if (target == -1) {
        TS_CHECK(d >= 0, "The expanded size of the tensor (", target,
                 ") isn't allowed in a leading, non-existing dimension ", i);
        target = sz;
      }
      if (sz != target) {
        TS_CHECK(sz == 1, "The expanded size of the tensor (", target,
                 ") must match the existing size (", sz, ") at non-singleton dimension ", i,
                 ".  Target sizes: ", shape_str(size),
                 ".  Tensor sizes: ", shape_str(self.sizes()));
        sz = target;
        st = 0;
      }
      sizes[i] = sz;
      strides[i] = st;
    }
  }
  // A negative target for a size-1 dim gets through the rules above; PyTorch then fails here.
  for (int64_t s : sizes) TS_CHECK(s >= 0, "numel: integer multiplication overflow");
  return alias_with(self, std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor expand_as(const Tensor& self, const Tensor& other) { return expand(self, other.sizes()); }
Tensor broadcast_to(const Tensor& self, IntArrayRef size) { return expand(self, size); }

// ---- Introspection and conversion ----

Tensor type_as(const Tensor& self, const Tensor& other) {
  TS_AUTOGRAD("type_as", self, other);
  return to_device(self, other.device(), other.dtype());
}

Tensor to_device(const Tensor& self, Device device, DType dtype, bool non_blocking, bool copy) {
  TS_AUTOGRAD("to.device", self, device, dtype, non_blocking, copy, std::optional<int64_t>());
  if (self.device() == device && self.dtype() == dtype && !copy) return self;
  TensorOptions o(dtype);
  o.device = device;
  Tensor r = self.device() == device ? empty_like(self, dtype) : empty(self.sizes(), o);
  copy_into(r, self);
  return r;
}

Tensor to_other(const Tensor& self, const Tensor& other, bool non_blocking, bool copy) {
  return to_device(self, other.device(), other.dtype(), non_blocking, copy);
}

// ---- Tensor methods declared in tensor/tensor.h ----

Tensor Tensor::view(IntArrayRef shape) const { return ts::view(*this, shape); }
Tensor Tensor::reshape(IntArrayRef shape) const { return ts::reshape(*this, shape); }
Tensor Tensor::t() const { return ts::t(*this); }
Tensor Tensor::transpose(int64_t a, int64_t b) const { return ts::transpose(*this, a, b); }
Tensor Tensor::permute(IntArrayRef dims) const { return ts::permute(*this, dims); }
Tensor Tensor::expand(IntArrayRef shape) const { return ts::expand(*this, shape); }
Tensor Tensor::squeeze() const { return ts::squeeze(*this); }
Tensor Tensor::squeeze(int64_t d) const { return ts::squeeze(*this, d); }
Tensor Tensor::unsqueeze(int64_t d) const { return ts::unsqueeze(*this, d); }
Tensor Tensor::narrow(int64_t d, int64_t start, int64_t length) const {
  return ts::narrow(*this, d, start, length);
}
Tensor Tensor::select(int64_t d, int64_t index) const { return ts::select(*this, d, index); }
Tensor Tensor::slice(int64_t d, std::optional<int64_t> start, std::optional<int64_t> end,
                     int64_t step) const {
  return ts::slice(*this, d, start, end, step);
}
Tensor Tensor::flatten(int64_t start, int64_t end) const { return ts::flatten(*this, start, end); }
Tensor Tensor::as_strided(IntArrayRef sizes, IntArrayRef strides,
                          std::optional<int64_t> offset) const {
  return ts::as_strided(*this, sizes, strides, offset);
}
Tensor Tensor::detach() const { return ts::detach(*this); }

namespace {

// Boxed wrappers: one unambiguous function per schema.
Tensor squeeze_all(const Tensor& self) { return squeeze(self); }
Tensor squeeze_dim(const Tensor& self, int64_t dim) { return squeeze(self, dim); }
Tensor movedim_list(const Tensor& self, IntArrayRef s, IntArrayRef d) {
  return movedim(self, s, d);
}
Tensor movedim_int(const Tensor& self, int64_t s, int64_t d) { return movedim(self, s, d); }
int64_t size_int(const Tensor& self, int64_t dim) { return self.size(dim); }
int64_t stride_int(const Tensor& self, int64_t dim) { return self.stride(dim); }
std::vector<int64_t> size_all(const Tensor& self) { return self.sizes().vec(); }
std::vector<int64_t> stride_all(const Tensor& self) { return self.strides().vec(); }
int64_t dim_op(const Tensor& self) { return self.dim(); }
int64_t numel_op(const Tensor& self) { return self.numel(); }
int64_t element_size_op(const Tensor& self) { return int64_t(self.element_size()); }
bool is_contiguous_op(const Tensor& self) { return self.is_contiguous(); }
bool is_floating_point_op(const Tensor& self) { return self.is_floating_point(); }
Scalar item_op(const Tensor& self) { return self.item(); }

Tensor to_device_boxed(const Tensor& self, Device device, DType dtype, bool non_blocking, bool copy,
                       std::optional<int64_t>) {
  return to_device(self, device, dtype, non_blocking, copy);
}
Tensor to_other_boxed(const Tensor& self, const Tensor& other, bool non_blocking, bool copy,
                      std::optional<int64_t>) {
  return to_other(self, other, non_blocking, copy);
}
Tensor to_dtype_layout(const Tensor& self, std::optional<DType> dtype, std::optional<int64_t>,
                       std::optional<Device> device, std::optional<bool> pin_memory,
                       bool non_blocking, bool copy, std::optional<int64_t>) {
  TS_CHECK(!pin_memory.value_or(false), "pin_memory=True needs a CUDA backend");
  return to_device(self, device.value_or(self.device()), dtype.value_or(self.dtype()), non_blocking,
                   copy);
}

// TorchScript passes dtypes to to.prim_Device as PyTorch's ScalarType codes.
DType dtype_from_code(int64_t code) {
  switch (code) {
    case 0: return DType::UInt8;
    case 1: return DType::Int8;
    case 2: return DType::Int16;
    case 3: return DType::Int32;
    case 4: return DType::Int64;
    case 5: return DType::Float16;
    case 6: return DType::Float32;
    case 7: return DType::Float64;
    case 11: return DType::Bool;
    case 15: return DType::BFloat16;
    default: TS_ERROR("unsupported ScalarType code ", code);
  }
}

Tensor to_prim_device(const Tensor& self, std::optional<Device> device,
                      std::optional<int64_t> dtype, bool non_blocking, bool copy) {
  DType t = dtype ? dtype_from_code(*dtype) : self.dtype();
  return to_device(self, device.value_or(self.device()), t, non_blocking, copy);
}

}  // namespace

TS_REGISTER_OPS(shape) {
  r.def<&view>("view(Tensor(a) self, SymInt[] size) -> Tensor(a)").variants("method");
  r.def<&view_dtype>("view.dtype(Tensor(a) self, ScalarType dtype) -> Tensor(a)")
      .variants("method")
      .not_differentiable();
  r.def<&reshape>("reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)").composite_op();
  r.def<&reshape_alias>("_reshape_alias(Tensor(a) self, SymInt[] size, SymInt[] stride) -> Tensor(a)")
      .variants("")
      .grad("ReshapeAliasBackward0", "", TS_GRAD({ return {reshape(c.grad(), c.sizes(0))}; }));
  r.def<&unsafe_view>("_unsafe_view(Tensor self, SymInt[] size) -> Tensor")
      .variants("")
      .grad("UnsafeViewBackward0", "", TS_GRAD({ return {reshape(c.grad(), c.sizes(0))}; }));
  r.def<&view_as>("view_as(Tensor(a) self, Tensor other) -> Tensor(a)").variants("method")
      .composite_op();
  r.def<&reshape_as>("reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)").variants("method")
      .composite_op();
  r.def<&flatten>(
      "flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)")
      .composite_op();
  r.def<&unflatten>("unflatten.int(Tensor(a) self, int dim, int[] sizes) -> Tensor(a)")
      .composite_op();
  r.def<&squeeze_all>("squeeze(Tensor(a) self) -> Tensor(a)");
  r.def<&squeeze_dim>("squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)");
  r.def<&unsqueeze>("unsqueeze(Tensor(a) self, int dim) -> Tensor(a)");
  r.def<&permute>("permute(Tensor(a) self, int[] dims) -> Tensor(a)");
  r.def<&transpose>("transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)");
  r.def<&swapaxes>("swapaxes(Tensor(a) self, int axis0, int axis1) -> Tensor(a)")
      .composite_op();
  r.def<&transpose>("swapdims(Tensor(a) self, int dim0, int dim1) -> Tensor(a)")
      .composite_op();
  r.def<&t>("t(Tensor(a) self) -> Tensor(a)");
  r.def<&movedim_list>(
      "movedim.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)")
      .composite_op();
  r.def<&movedim_int>("movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)")
      .composite_op();
  r.def<&movedim_list>(
      "moveaxis.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)")
      .composite_op();
  r.def<&movedim_int>("moveaxis.int(Tensor(a) self, int source, int destination) -> Tensor(a)")
      .composite_op();
  r.def<&expand>("expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)")
      .variants("method");
  r.def<&expand_as>("expand_as(Tensor(a) self, Tensor other) -> Tensor(a)").variants("method")
      .composite_op();
  r.def<&broadcast_to>("broadcast_to(Tensor(a) self, int[] size) -> Tensor(a)")
      .composite_op();

  r.def<&size_int>("size.int(Tensor self, int dim) -> int").variants("method").not_differentiable();
  r.def<&size_all>("size(Tensor self) -> int[]").variants("method").not_differentiable();
  r.def<&stride_int>("stride.int(Tensor self, int dim) -> int")
      .variants("method")
      .not_differentiable();
  r.def<&stride_all>("stride(Tensor self) -> int[]").variants("method").not_differentiable();
  r.def<&dim_op>("dim(Tensor self) -> int").variants("method").not_differentiable();
  r.def<&numel_op>("numel(Tensor self) -> int").not_differentiable();
  // Tensor.nelement() and Tensor.ndimension(): PyTorch's method aliases of numel and dim.
  r.def<&numel_op>("nelement(Tensor self) -> int").variants("method").not_differentiable();
  r.def<&dim_op>("ndimension(Tensor self) -> int").variants("method").not_differentiable();
  r.def<&element_size_op>("element_size(Tensor self) -> int").variants("method").not_differentiable();
  r.def<&is_contiguous_op>("is_contiguous(Tensor self) -> bool")
      .variants("method")
      .not_differentiable();
  r.def<&is_floating_point_op>("is_floating_point(Tensor self) -> bool").not_differentiable();
  r.def<&item_op>("item(Tensor self) -> Scalar").variants("method").not_differentiable();
  r.def<&type_as>("type_as(Tensor self, Tensor other) -> Tensor").variants("method")
      .composite_op();
  r.def<&to_device_boxed>(
       "to.device(Tensor(a) self, Device device, ScalarType dtype, bool non_blocking=False, "
       "bool copy=False, MemoryFormat? memory_format=None) -> Tensor(a)")
      .variants("method");
  r.def<&to_other_boxed>(
       "to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool copy=False, "
       "MemoryFormat? memory_format=None) -> Tensor(a)")
      .variants("method")
      .composite_op();
  r.def<&to_dtype_layout>(
       "to.dtype_layout(Tensor(a) self, *, ScalarType? dtype=None, Layout? layout=None, "
       "Device? device=None, bool? pin_memory=None, bool non_blocking=False, bool copy=False, "
       "MemoryFormat? memory_format=None) -> Tensor(a)")
      .variants("method")
      .composite_op();
  r.def<&to_prim_device>(
       "to.prim_Device(Tensor(a) self, Device? device, int? dtype=None, bool non_blocking=False, "
       "bool copy=False) -> Tensor(b|a)")
      .variants("method")
      .composite_op();

  // Derivatives (PyTorch 1.13's derivatives.yaml formulas and node names).
  r.entry("view").grad("ViewBackward0", "", TS_GRAD({ return {reshape(c.grad(), c.sizes(0))}; }));
  r.entry("squeeze").grad("SqueezeBackward0", "", TS_GRAD({ return {reshape(c.grad(), c.sizes(0))}; }));
  r.entry("squeeze", "dim").grad("SqueezeBackward1", "", TS_GRAD({ return {reshape(c.grad(), c.sizes(0))}; }));
  r.entry("unsqueeze").grad("UnsqueezeBackward0", "", TS_GRAD({
    return {squeeze(c.grad(), c.i64(1))};
  }));
  r.entry("t").grad("TBackward0", "", TS_GRAD({ return {t(c.grad())}; }));
  r.entry("transpose", "int").grad("TransposeBackward0", "", TS_GRAD({
    return {transpose(c.grad(), c.i64(1), c.i64(2))};
  }));
  r.entry("permute").grad("PermuteBackward0", "", TS_GRAD({
    std::vector<int64_t> dims = c.ints(1), inv(dims.size());
    const int64_t nd = int64_t(dims.size());
    for (size_t i = 0; i < dims.size(); ++i) inv[size_t(wrap_dim(dims[i], nd))] = int64_t(i);
    return {permute(c.grad(), inv)};
  }));
  // The engine sums a broadcast gradient back to the input's shape.
  r.entry("expand").grad("ExpandBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("to", "device").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("to", "dtype_layout").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("to", "prim_Device").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("to", "other").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad(), Tensor()}; }));
  r.entry("type_as").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad(), Tensor()}; }));
}

}  // namespace ts
