// Joining (cat, stack and their h/v/d/column variants) and splitting into views (split, chunk,
// tensor_split, h/v/dsplit, unbind lives in slicing.cpp).
#include <algorithm>

#include "ops/api_core.h"
#include "ops/api_shape.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "ops/shape_util.h"
#include "stubs/movement.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(cat_contiguous_stub);

namespace {

// PyTorch's legacy rule: 1-d tensors of size 0 may be concatenated with anything.
bool cat_skip(const Tensor& t) { return t.dim() == 1 && t.numel() == 0; }

// Whether two tensors' memory ranges (in bytes) intersect.
bool may_overlap(const Tensor& a, const Tensor& b) {
  if (a.impl()->storage().get() != b.impl()->storage().get() || a.numel() == 0 || b.numel() == 0)
    return false;
  auto range = [](const Tensor& t) {
    int64_t lo = t.storage_offset(), hi = lo;
    for (int64_t d = 0; d < t.dim(); ++d) hi += (t.sizes()[d] - 1) * t.strides()[d];
    int64_t es = int64_t(t.element_size());
    return std::pair<int64_t, int64_t>{lo * es, (hi + 1) * es};
  };
  auto [alo, ahi] = range(a);
  auto [blo, bhi] = range(b);
  return alo < bhi && blo < ahi;
}

Tensor cat_impl(const std::vector<Tensor>& tensors, int64_t dim, const Tensor& out) {
  for (size_t i = 0; i < tensors.size(); ++i)
    TS_CHECK(tensors[i].dim() > 0, "zero-dimensional tensor (at position ", i,
             ") cannot be concatenated");
  for (const Tensor& t : tensors) {
    if (cat_skip(t)) continue;
    dim = wrap_dim(dim, t.dim());
    break;
  }
  TS_CHECK(!tensors.empty(), "torch.cat(): expected a non-empty list of Tensors");
  const Device device = tensors[0].device();
  for (const Tensor& t : tensors)
    TS_CHECK(t.device() == device,
             "Expected all tensors to be on the same device, but found at least two devices, ",
             device.str(), " and ", t.device().str(), "!");
  DType out_dtype = result_type(tensors);
  if (out.defined()) {
    TS_CHECK(can_cast(out_dtype, out.dtype()),
             "torch.cat(): input types can't be cast to the desired output type ",
             scalar_type_name(out.dtype()));
    out_dtype = out.dtype();
  }
  size_t valid = tensors.size();
  for (size_t i = 0; i < tensors.size(); ++i)
    if (!cat_skip(tensors[i])) {
      valid = i;
      break;
    }
  DimVector sizes{0};
  bool all_contiguous_same = true;
  if (valid < tensors.size()) {
    const Tensor& first = tensors[valid];
    int64_t total = 0;
    for (size_t i = 0; i < tensors.size(); ++i) {
      const Tensor& t = tensors[i];
      all_contiguous_same = all_contiguous_same && t.dtype() == out_dtype;
      if (cat_skip(t)) continue;
      TS_CHECK(first.dim() == t.dim(), "Tensors must have same number of dimensions: got ",
               first.dim(), " and ", t.dim());
      for (int64_t d = 0; d < first.dim(); ++d) {
        if (d == dim) continue;
        TS_CHECK(first.sizes()[d] == t.sizes()[d],
                 "Sizes of tensors must match except in dimension ", dim, ". Expected size ",
                 first.sizes()[d], " but got size ", t.sizes()[d], " for tensor number ", i,
                 " in the list.");
      }
      all_contiguous_same = all_contiguous_same && t.is_contiguous();
      total += t.sizes()[dim];
    }
    sizes = DimVector(first.sizes());
    sizes[dim] = total;
  }
  Tensor result = out;
  if (result.defined()) {
    for (const Tensor& t : tensors)
      TS_CHECK(!may_overlap(result, t),
               "unsupported operation: some elements of the input tensor and the written-to "
               "tensor refer to a single memory location. Please clone() the tensor before "
               "performing the operation.");
    resize_out(result, sizes);
    result.bump_version();
  } else {
    TensorOptions o(out_dtype);
    o.device = device;
    result = empty(sizes, o);
  }
  if (result.numel() == 0) return result;
  if (all_contiguous_same && result.is_contiguous()) {
    std::vector<Tensor> parts;
    parts.reserve(tensors.size());
    for (const Tensor& t : tensors)
      if (!cat_skip(t) && t.numel() > 0) parts.push_back(t);
    cat_contiguous_stub(device.type, result, parts, dim);
    return result;
  }
  int64_t offset = 0;
  for (const Tensor& t : tensors) {
    if (cat_skip(t)) continue;
    const int64_t n = t.sizes()[dim];
    if (n > 0) copy_into(slice(result, dim, offset, offset + n), t);
    offset += n;
  }
  return result;
}

}  // namespace

Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) {
  TS_AUTOGRAD("cat", tensors, dim);
  return cat_impl(tensors, dim, {});
}

Tensor cat_out(const std::vector<Tensor>& tensors, int64_t dim, const Tensor& out) {
  return cat_impl(tensors, dim, out);
}

namespace {
std::vector<Tensor> stack_inputs(const std::vector<Tensor>& tensors, int64_t dim) {
  TS_CHECK(!tensors.empty(), "stack expects a non-empty TensorList");
  dim = wrap_dim(dim, tensors[0].dim() + 1);
  std::vector<Tensor> inputs;
  inputs.reserve(tensors.size());
  for (size_t i = 0; i < tensors.size(); ++i) {
    TS_CHECK(tensors[i].sizes() == tensors[0].sizes(),
             "stack expects each tensor to be equal size, but got ", shape_str(tensors[0].sizes()),
             " at entry 0 and ", shape_str(tensors[i].sizes()), " at entry ", i);
    inputs.push_back(unsqueeze(tensors[i], dim));
  }
  return inputs;
}
}  // namespace

Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) {
  TS_AUTOGRAD("stack", tensors, dim);
  auto inputs = stack_inputs(tensors, dim);
  return cat(inputs, wrap_dim(dim, tensors[0].dim() + 1));
}

Tensor stack_out(const std::vector<Tensor>& tensors, int64_t dim, const Tensor& out) {
  auto inputs = stack_inputs(tensors, dim);
  return cat_out(inputs, wrap_dim(dim, tensors[0].dim() + 1), out);
}

Tensor atleast_1d(const Tensor& self) { return self.dim() == 0 ? reshape(self, {1}) : self; }

Tensor atleast_2d(const Tensor& self) {
  if (self.dim() == 0) return reshape(self, {1, 1});
  if (self.dim() == 1) return unsqueeze(self, 0);
  return self;
}

Tensor atleast_3d(const Tensor& self) {
  if (self.dim() == 0) return reshape(self, {1, 1, 1});
  if (self.dim() == 1) return unsqueeze(unsqueeze(self, 0), -1);
  if (self.dim() == 2) return unsqueeze(self, -1);
  return self;
}

namespace {
std::vector<Tensor> map_tensors(const std::vector<Tensor>& ts, Tensor (*f)(const Tensor&)) {
  std::vector<Tensor> r;
  r.reserve(ts.size());
  for (const Tensor& t : ts) r.push_back(f(t));
  return r;
}
}  // namespace

Tensor hstack(const std::vector<Tensor>& tensors) {
  TS_CHECK(!tensors.empty(), "hstack expects a non-empty TensorList");
  auto rep = map_tensors(tensors, &atleast_1d);
  return cat(rep, rep[0].dim() == 1 ? 0 : 1);
}

Tensor vstack(const std::vector<Tensor>& tensors) {
  TS_CHECK(!tensors.empty(), "vstack expects a non-empty TensorList");
  return cat(map_tensors(tensors, &atleast_2d), 0);
}

Tensor dstack(const std::vector<Tensor>& tensors) {
  TS_CHECK(!tensors.empty(), "dstack expects a non-empty TensorList");
  return cat(map_tensors(tensors, &atleast_3d), 2);
}

Tensor column_stack(const std::vector<Tensor>& tensors) {
  TS_CHECK(!tensors.empty(), "column_stack expects a non-empty TensorList");
  std::vector<Tensor> rep;
  rep.reserve(tensors.size());
  for (const Tensor& t : tensors) rep.push_back(t.dim() <= 1 ? reshape(t, {t.numel(), 1}) : t);
  return hstack(rep);
}

namespace {
Tensor column_stack_out(const std::vector<Tensor>& tensors, const Tensor& out) {
  TS_CHECK(!tensors.empty(), "column_stack expects a non-empty TensorList");
  std::vector<Tensor> rep;
  rep.reserve(tensors.size());
  for (const Tensor& t : tensors) rep.push_back(t.dim() <= 1 ? reshape(t, {t.numel(), 1}) : t);
  return cat_out(rep, 1, out);
}
}  // namespace

std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim) {
  TS_AUTOGRAD("split.Tensor", self, split_size, dim);
  TS_CHECK(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  TS_CHECK(split_size >= 0,
           "split expects split_size be non-negative, but got split_size=", split_size);
  const int64_t dim_size = self.size(dim);
  TS_CHECK(split_size > 0 || dim_size == 0,
           "split_size can only be 0 if dimension size is 0, but got dimension size of ", dim_size);
  // A split_size larger than the dim still gives one piece (PyTorch keeps this for BC).
  int64_t num_splits = 1;
  if (split_size != 0) num_splits = std::max<int64_t>((dim_size + split_size - 1) / split_size, 1);
  const int64_t last = split_size - (split_size * num_splits - dim_size);
  std::vector<Tensor> out;
  out.reserve(size_t(num_splits));
  for (int64_t i = 0; i < num_splits; ++i)
    out.push_back(narrow(self, dim, i * split_size, i < num_splits - 1 ? split_size : last));
  return out;
}

std::vector<Tensor> split_with_sizes(const Tensor& self, IntArrayRef split_sizes, int64_t dim) {
  TS_AUTOGRAD("split_with_sizes", self, split_sizes, dim);
  TS_CHECK(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  const int64_t dim_size = self.size(dim);
  std::vector<Tensor> out;
  out.reserve(split_sizes.size());
  int64_t start = 0;
  for (int64_t len : split_sizes) {
    TS_CHECK(len >= 0,
             "split_with_sizes expects split_sizes have only non-negative entries, but got "
             "split_sizes=",
             shape_str(split_sizes));
    out.push_back(slice(self, dim, start, start + len, 1));
    start += len;
  }
  TS_CHECK(start == dim_size, "split_with_sizes expects split_sizes to sum exactly to ", dim_size,
           " (input tensor's size at dimension ", wrap_dim(dim, self.dim()),
           "), but got split_sizes=", shape_str(split_sizes));
  return out;
}

std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim) {
  TS_CHECK(self.dim() > 0, "chunk expects at least a 1-dimensional tensor");
  TS_CHECK(chunks > 0, "chunk expects `chunks` to be greater than 0, got: ", chunks);
  const int64_t dim_size = self.size(dim);
  const int64_t split_size = (dim_size + chunks - 1) / chunks;
  // With an empty dim, split would lose the number of chunks: make `chunks` empty pieces.
  if (split_size == 0 && dim_size == 0) {
    std::vector<int64_t> sizes(size_t(chunks), 0);
    return split_with_sizes(self, sizes, dim);
  }
  return split(self, split_size, dim);
}

std::vector<Tensor> tensor_split(const Tensor& self, int64_t sections, int64_t dim) {
  TS_CHECK(self.dim() > 0,
           "tensor_split expected at least a 1-dimensional tensor, but got a tensor with ",
           self.dim(), " dims");
  const int64_t d = wrap_dim(dim, self.dim());
  TS_CHECK(sections > 0, "number of sections must be larger than 0, got ", sections);
  const int64_t dim_size = self.sizes()[d];
  const int64_t min_size = dim_size / sections, extra = dim_size % sections;
  std::vector<Tensor> out;
  out.reserve(size_t(sections));
  int64_t start = 0;
  for (int64_t i = 0; i < sections; ++i) {
    int64_t len = i < extra ? min_size + 1 : min_size;
    out.push_back(slice(self, d, start, start + len, 1));
    start += len;
  }
  return out;
}

std::vector<Tensor> tensor_split_indices(const Tensor& self, IntArrayRef indices, int64_t dim) {
  TS_CHECK(self.dim() > 0,
           "tensor_split expected at least a 1-dimensional tensor, but got a tensor with ",
           self.dim(), " dims");
  const int64_t d = wrap_dim(dim, self.dim());
  std::vector<Tensor> out;
  out.reserve(indices.size() + 1);
  int64_t start = 0;
  for (int64_t end : indices) {
    out.push_back(slice(self, d, start, end, 1));
    start = end;
  }
  out.push_back(slice(self, d, start, self.sizes()[d], 1));
  return out;
}

namespace {

std::vector<Tensor> tensor_split_tensor(const Tensor& self, const Tensor& idx, int64_t dim) {
  TS_CHECK(self.dim() > 0,
           "tensor_split expected at least a 1-dimensional tensor, but got a tensor with ",
           self.dim(), " dims");
  TS_CHECK(idx.device().is_cpu(),
           "tensor_split expected tensor_indices_or_sections to be on cpu, but it's on ",
           idx.device().str());
  TS_CHECK(idx.dtype() == DType::Int64,
           "tensor_split expected tensor_indices_or_sections to have dtype of long, but got ",
           scalar_type_name(idx.dtype()));
  TS_CHECK(idx.dim() <= 1,
           "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
           "one-dimensional tensor, but got a tensor with ",
           idx.dim(), " dims");
  if (idx.dim() == 0) return tensor_split(self, idx.item().to_int(), dim);
  std::vector<int64_t> indices(size_t(idx.numel()));
  for (int64_t i = 0; i < idx.numel(); ++i) indices[i] = select(idx, 0, i).item().to_int();
  return tensor_split_indices(self, indices, dim);
}

// h/v/dsplit: tensor_split along dim 1 (0 for 1-d), 0 or 2, with divisibility required.
std::vector<Tensor> dir_split(const Tensor& self, int64_t sections, const char* name,
                              int64_t min_dims, int64_t dim) {
  TS_CHECK(self.dim() >= min_dims, "torch.", name, " requires a tensor with at least ", min_dims,
           " dimension, but got a tensor with ", self.dim(), " dimensions!");
  TS_CHECK(sections != 0 && self.sizes()[dim] % sections == 0, "torch.", name,
           " attempted to split along dimension ", dim, ", but the size of the dimension ",
           self.sizes()[dim], " is not divisible by the split_size ", sections, "!");
  return tensor_split(self, sections, dim);
}

std::vector<Tensor> dir_split_indices(const Tensor& self, IntArrayRef indices, const char* name,
                                      int64_t min_dims, int64_t dim) {
  TS_CHECK(self.dim() >= min_dims, "torch.", name, " requires a tensor with at least ", min_dims,
           " dimension, but got a tensor with ", self.dim(), " dimensions!");
  return tensor_split_indices(self, indices, dim);
}

}  // namespace

std::vector<Tensor> hsplit(const Tensor& self, int64_t sections) {
  TS_CHECK(self.dim() >= 1,
           "torch.hsplit requires a tensor with at least 1 dimension, but got a "
           "tensor with ",
           self.dim(), " dimensions!");
  return dir_split(self, sections, "hsplit", 1, self.dim() == 1 ? 0 : 1);
}

std::vector<Tensor> vsplit(const Tensor& self, int64_t sections) {
  return dir_split(self, sections, "vsplit", 2, 0);
}

std::vector<Tensor> dsplit(const Tensor& self, int64_t sections) {
  return dir_split(self, sections, "dsplit", 3, 2);
}

namespace {

std::vector<Tensor> hsplit_array(const Tensor& self, IntArrayRef indices) {
  TS_CHECK(self.dim() >= 1,
           "torch.hsplit requires a tensor with at least 1 dimension, but got a "
           "tensor with ",
           self.dim(), " dimensions!");
  return dir_split_indices(self, indices, "hsplit", 1, self.dim() == 1 ? 0 : 1);
}
std::vector<Tensor> vsplit_array(const Tensor& self, IntArrayRef indices) {
  return dir_split_indices(self, indices, "vsplit", 2, 0);
}
std::vector<Tensor> dsplit_array(const Tensor& self, IntArrayRef indices) {
  return dir_split_indices(self, indices, "dsplit", 3, 2);
}

std::vector<Tensor> atleast_1d_seq(const std::vector<Tensor>& ts) {
  return map_tensors(ts, &atleast_1d);
}
std::vector<Tensor> atleast_2d_seq(const std::vector<Tensor>& ts) {
  return map_tensors(ts, &atleast_2d);
}
std::vector<Tensor> atleast_3d_seq(const std::vector<Tensor>& ts) {
  return map_tensors(ts, &atleast_3d);
}

Tensor hstack_out(const std::vector<Tensor>& tensors, const Tensor& out) {
  TS_CHECK(!tensors.empty(), "hstack expects a non-empty TensorList");
  auto rep = map_tensors(tensors, &atleast_1d);
  return cat_out(rep, rep[0].dim() == 1 ? 0 : 1, out);
}
Tensor vstack_out(const std::vector<Tensor>& tensors, const Tensor& out) {
  TS_CHECK(!tensors.empty(), "vstack expects a non-empty TensorList");
  return cat_out(map_tensors(tensors, &atleast_2d), 0, out);
}
Tensor dstack_out(const std::vector<Tensor>& tensors, const Tensor& out) {
  TS_CHECK(!tensors.empty(), "dstack expects a non-empty TensorList");
  return cat_out(map_tensors(tensors, &atleast_3d), 2, out);
}

}  // namespace

TS_REGISTER_OPS(join) {
  r.def<&cat>("cat(Tensor[] tensors, int dim=0) -> Tensor");
  r.def<&cat_out>("cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&cat>("concat(Tensor[] tensors, int dim=0) -> Tensor")
      .composite_op();
  r.def<&cat_out>("concat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&cat>("concatenate(Tensor[] tensors, int dim=0) -> Tensor")
      .composite_op();
  r.def<&cat_out>("concatenate.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&stack>("stack(Tensor[] tensors, int dim=0) -> Tensor");
  r.def<&stack_out>("stack.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&hstack>("hstack(Tensor[] tensors) -> Tensor")
      .composite_op();
  r.def<&hstack_out>("hstack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&vstack>("vstack(Tensor[] tensors) -> Tensor")
      .composite_op();
  r.def<&vstack_out>("vstack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&dstack>("dstack(Tensor[] tensors) -> Tensor")
      .composite_op();
  r.def<&dstack_out>("dstack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&column_stack>("column_stack(Tensor[] tensors) -> Tensor")
      .composite_op();
  r.def<&column_stack_out>("column_stack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&atleast_1d>("atleast_1d(Tensor self) -> Tensor").variants("function")
      .composite_op();
  r.def<&atleast_1d_seq>("atleast_1d.Sequence(Tensor[] tensors) -> Tensor[]")
      .composite_op();
  r.def<&atleast_2d>("atleast_2d(Tensor self) -> Tensor").variants("function")
      .composite_op();
  r.def<&atleast_2d_seq>("atleast_2d.Sequence(Tensor[] tensors) -> Tensor[]")
      .composite_op();
  r.def<&atleast_3d>("atleast_3d(Tensor self) -> Tensor").variants("function")
      .composite_op();
  r.def<&atleast_3d_seq>("atleast_3d.Sequence(Tensor[] tensors) -> Tensor[]")
      .composite_op();

  r.def<&split>("split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]");
  r.def<&split_with_sizes>(
      "split.sizes(Tensor(a -> *) self, int[] split_size, int dim=0) -> Tensor(a)[]");
  r.def<&split_with_sizes>(
      "split(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]");
  r.def<&split_with_sizes>(
      "split_with_sizes(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]");
  r.def<&chunk>("chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]")
      .composite_op();
  r.def<&tensor_split>(
      "tensor_split.sections(Tensor(a -> *) self, int sections, int dim=0) -> Tensor(a)[]")
      .composite_op();
  r.def<&tensor_split_indices>(
      "tensor_split.indices(Tensor(a -> *) self, int[] indices, int dim=0) -> Tensor(a)[]")
      .composite_op();
  r.def<&tensor_split_tensor>(
      "tensor_split.tensor_indices_or_sections(Tensor(a -> *) self, Tensor "
      "tensor_indices_or_sections, int dim=0) -> Tensor(a)[]")
      .composite_op();
  r.def<&hsplit>("hsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]")
      .composite_op();
  r.def<&hsplit_array>("hsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]")
      .composite_op();
  r.def<&vsplit>("vsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]")
      .composite_op();
  r.def<&vsplit_array>("vsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]")
      .composite_op();
  r.def<&dsplit>("dsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]")
      .composite_op();
  r.def<&dsplit_array>("dsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]")
      .composite_op();
}

// ---- Derivatives: cat and stack's gradients split, the pieces' gradients joined back (no
// gradient = zeros from the engine). ----

TS_REGISTER_OPS(join_grads) {
  r.entry("cat").grad("CatBackward0", "", TS_GRAD({
    const int64_t nd = c.grad().dim();
    const int64_t dim = wrap_dim(c.i64(1), nd);
    ops::Grads out;
    int64_t at = 0;
    for (size_t i = 0; i < c.in_sizes.size(); ++i) {
      IntArrayRef s = c.sizes(i);
      if (s.size() == 1 && s[0] == 0) {  // legacy empty inputs take no part
        out.emplace_back();
        continue;
      }
      const int64_t n = s[size_t(dim)];
      out.push_back(c.need(i) ? narrow(c.grad(), dim, at, n) : Tensor());
      at += n;
    }
    return out;
  }));
  r.entry("stack").grad("StackBackward0", "", TS_GRAD({
    const int64_t dim = wrap_dim(c.i64(1), c.grad().dim());
    ops::Grads out;
    for (size_t i = 0; i < c.in_sizes.size(); ++i)
      out.push_back(c.need(i) ? select(c.grad(), dim, int64_t(i)) : Tensor());
    return out;
  }));
  r.entry("split", "Tensor").grad("SplitBackward0", "", TS_GRAD({
    return {cat(c.grads, wrap_dim(c.i64(2), int64_t(c.sizes(0).size())))};
  }));
  for (const char* o : {"sizes", ""})
    r.entry("split", o).grad("SplitWithSizesBackward0", "", TS_GRAD({
      return {cat(c.grads, wrap_dim(c.i64(2), int64_t(c.sizes(0).size())))};
    }));
  r.entry("split_with_sizes").grad("SplitWithSizesBackward0", "", TS_GRAD({
    return {cat(c.grads, wrap_dim(c.i64(2), int64_t(c.sizes(0).size())))};
  }));
}

}  // namespace ts
