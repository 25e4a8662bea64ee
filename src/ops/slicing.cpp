// Views that pick part of the input: narrow, select, slice, as_strided, alias, detach,
// unbind, diagonal and unfold, with PyTorch's checks and messages, and their derivatives.
#include <algorithm>
#include <vector>

#include "ops/ops.h"
#include "ops/registry.h"
#include "ops/shape_util.h"

namespace ts {

using ops::BackwardCtx;
using shape_detail::alias_with;

Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  TS_CHECK(self.dim() > 0, "narrow() cannot be applied to a 0-dim tensor.");
  int64_t cur = self.size(dim);
  // start == size is a valid (empty) narrow, though not a valid index.
  if (start != cur) start = wrap_dim(start, cur);
  TS_CHECK(length >= 0 && start <= cur - length, "start (", start, ") + length (", length,
           ") exceeds dimension size (", cur, ").");
  return slice(self, dim, start, start + length, 1);
}

Tensor select(const Tensor& self, int64_t dim, int64_t index) {
  TS_AUTOGRAD("select.int", self, dim, index);
  const int64_t nd = self.dim();
  TS_CHECK_INDEX(nd != 0, "select() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, nd);
  const int64_t size = self.sizes()[dim];
  TS_CHECK_INDEX(index >= -size && index < size, "select(): index ", index,
                 " out of range for tensor of size ", shape_str(self.sizes()), " at dimension ",
                 dim);
  if (index < 0) index += size;
  DimVector sizes(self.sizes()), strides(self.strides());
  int64_t offset = self.storage_offset() + index * strides[dim];
  sizes.erase(size_t(dim));
  strides.erase(size_t(dim));
  return alias_with(self, std::move(sizes), std::move(strides), offset);
}

Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start,
             std::optional<int64_t> end, int64_t step) {
  TS_AUTOGRAD("slice.Tensor", self, dim, start, end, step);
  const int64_t nd = self.dim();
  TS_CHECK_INDEX(nd != 0, "slice() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, nd);
  DimVector sizes(self.sizes()), strides(self.strides());
  int64_t s = start.value_or(0), e = end.value_or(INT64_MAX);
  TS_CHECK(step > 0, "slice step must be positive");
  const int64_t n = sizes[dim];
  if (s < 0) s += n;
  if (e < 0) e += n;
  s = s < 0 ? 0 : std::min(s, n);
  e = e < s ? s : std::min(e, n);
  int64_t offset = self.storage_offset() + s * strides[dim];
  sizes[dim] = (e - s + step - 1) / step;
  strides[dim] *= step;
  return alias_with(self, std::move(sizes), std::move(strides), offset);
}

Tensor as_strided(const Tensor& self, IntArrayRef size, IntArrayRef stride,
                  std::optional<int64_t> storage_offset) {
  TS_AUTOGRAD("as_strided", self, size, stride, storage_offset);
  int64_t offset = storage_offset.value_or(self.storage_offset());
  TS_CHECK(size.size() == stride.size(), "mismatch in length of strides and shape");
  for (int64_t s : stride)
    TS_CHECK(s >= 0, "as_strided: Negative strides are not supported at the moment, got strides: ",
             shape_str(stride));
  const int64_t item = int64_t(self.element_size());
  int64_t need = shape_detail::storage_nbytes(size, stride, item);
  const int64_t have = int64_t(self.impl()->storage()->nbytes());
  TS_CHECK(need == 0 || need + offset * item <= have, "setStorage: sizes ", shape_str(size),
           ", strides ", shape_str(stride), ", storage offset ", offset, ", and itemsize ", item,
           " requiring a storage size of ", need + offset * item,
           " are out of bounds for storage of size ", have);
  TS_CHECK(offset >= 0, "Tensor: invalid storage offset ", offset);
  return alias_with(self, DimVector(size), DimVector(stride), offset);
}

Tensor alias(const Tensor& self) {
  TS_AUTOGRAD("alias", self);
  return alias_with(self, DimVector(self.sizes()), DimVector(self.strides()),
                    self.storage_offset());
}

// A non-differentiable view: same memory and version counter, no link to the graph.
Tensor detach(const Tensor& self) {
  Tensor r = alias_with(self, DimVector(self.sizes()), DimVector(self.strides()),
                        self.storage_offset());
  r.impl()->view_base.reset();
  return r;
}

std::vector<Tensor> unbind(const Tensor& self, int64_t dim) {
  TS_AUTOGRAD("unbind.int", self, dim);
  dim = wrap_dim(dim, self.dim());
  TS_CHECK_INDEX(self.dim() > 0, "Dimension specified as 0 but tensor has no dimensions");
  const int64_t n = self.sizes()[dim];
  std::vector<Tensor> out;
  out.reserve(size_t(n));
  for (int64_t i = 0; i < n; ++i) out.push_back(select(self, dim, i));
  return out;
}

Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1_, int64_t dim2_) {
  TS_AUTOGRAD("diagonal", self, offset, dim1_, dim2_);
  const int64_t nd = self.dim();
  int64_t dim1 = wrap_dim(dim1_, nd), dim2 = wrap_dim(dim2_, nd);
  TS_CHECK(dim1 != dim2, "diagonal dimensions cannot be identical ", dim1_, ", ", dim2_);
  const int64_t s1 = self.sizes()[dim1], s2 = self.sizes()[dim2];
  int64_t diag_size = offset >= 0 ? std::max<int64_t>(std::min(s1, s2 - offset), 0)
                                  : std::max<int64_t>(std::min(s1 + offset, s2), 0);
  int64_t storage_offset = self.storage_offset();
  // Offsets past the end give an empty diagonal; leave the offset alone then.
  if (diag_size > 0) {
    storage_offset += offset >= 0 ? offset * self.strides()[dim2] : -offset * self.strides()[dim1];
  }
  DimVector sizes(self.sizes()), strides(self.strides());
  int64_t joint_stride = strides[dim1] + strides[dim2];
  sizes.erase(size_t(std::max(dim1, dim2)));
  strides.erase(size_t(std::max(dim1, dim2)));
  sizes.erase(size_t(std::min(dim1, dim2)));
  strides.erase(size_t(std::min(dim1, dim2)));
  sizes.push_back(diag_size);
  strides.push_back(joint_stride);
  return alias_with(self, std::move(sizes), std::move(strides), storage_offset);
}

Tensor unfold(const Tensor& self, int64_t dimension, int64_t size, int64_t step) {
  TS_AUTOGRAD("unfold", self, dimension, size, step);
  const int64_t nd = self.dim();
  dimension = wrap_dim(dimension, nd);
  const int64_t max_size = nd == 0 ? 1 : self.sizes()[dimension];
  TS_CHECK(size <= max_size, "maximum size for tensor at dimension ", dimension, " is ", max_size,
           " but size is ", size);
  TS_CHECK(step > 0, "step is ", step, " but must be > 0");
  DimVector sizes(static_cast<size_t>(nd + 1)), strides(static_cast<size_t>(nd + 1));
  sizes[nd] = size;
  strides[nd] = nd == 0 ? 1 : self.strides()[dimension];
  for (int64_t d = 0; d < nd; ++d) {
    if (d == dimension) {
      sizes[d] = (self.sizes()[d] - size) / step + 1;
      strides[d] = step * self.strides()[d];
    } else {
      sizes[d] = self.sizes()[d];
      strides[d] = self.strides()[d];
    }
  }
  // A negative window size makes an impossible geometry; PyTorch reports it this way.
  shape_detail::storage_nbytes(sizes, strides, 1);
  return alias_with(self, std::move(sizes), std::move(strides), self.storage_offset());
}

namespace {

Tensor narrow_tensor(const Tensor& self, int64_t dim, const Tensor& start, int64_t length) {
  TS_CHECK(start.dim() == 0 && is_integral(start.dtype(), false),
           "start must be an 0-dim integral Tensor.");
  return narrow(self, dim, start.item().to_int(), length);
}

// as_strided(self, size, stride, storage_offset): the gradient lands where each output element
// reads the input's storage, summed where windows overlap, then is read back through self's
// own geometry (a zero where self does not cover a storage element). Only self's geometry is
// kept, as PyTorch's AsStridedBackward0 does: self may be written in place afterwards.
ops::Grads as_strided_grad(const BackwardCtx& c) {
  const Tensor& grad = c.grad();
  IntArrayRef in_sizes = c.sizes(0), in_strides = c.strides(0);
  const int64_t in_offset = c.storage_offset(0);
  int64_t self_numel = 1;
  for (int64_t s : in_sizes) self_numel *= s;
  const std::vector<int64_t> out_sizes = c.ints(1), out_strides = c.ints(2);
  const int64_t out_offset = c.none(3) ? in_offset : c.i64(3);
  // The storage span both geometries touch, from the smallest offset.
  auto extent = [](IntArrayRef sizes, IntArrayRef strides, int64_t offset, int64_t* lo) {
    int64_t hi = offset;
    *lo = offset;
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (sizes[i] == 0) return int64_t(-1);
      hi += (sizes[i] - 1) * strides[i];
    }
    return hi;
  };
  TensorOptions o(grad.dtype());
  if (grad.numel() == 0 || self_numel == 0) return {zeros(in_sizes, o)};
  int64_t lo_in = 0, lo_out = 0;
  const int64_t hi_in = extent(in_sizes, in_strides, in_offset, &lo_in);
  const int64_t hi_out = extent(out_sizes, out_strides, out_offset, &lo_out);
  const int64_t base = std::min(lo_in, lo_out);
  const int64_t span = std::max(hi_in, hi_out) - base + 1;
  // Storage element k of the buffer: index k into a flat zero buffer.
  auto flat_index = [&](IntArrayRef sizes, IntArrayRef strides, int64_t offset) {
    Tensor idx = empty(sizes, TensorOptions(DType::Int64));
    int64_t* p = idx.data<int64_t>();
    const int64_t n = idx.numel(), nd = int64_t(sizes.size());
    std::vector<int64_t> pos(size_t(nd), 0);
    for (int64_t k = 0; k < n; ++k) {
      int64_t at = offset - base;
      for (int64_t d = 0; d < nd; ++d) at += pos[size_t(d)] * strides[size_t(d)];
      p[k] = at;
      for (int64_t d = nd - 1; d >= 0; --d) {
        if (++pos[size_t(d)] < sizes[size_t(d)]) break;
        pos[size_t(d)] = 0;
      }
    }
    return idx;
  };
  Tensor out_idx = flat_index(out_sizes, out_strides, out_offset);
  Tensor in_idx = flat_index(in_sizes, in_strides, in_offset);
  Tensor storage = zeros({span}, o);
  storage = index_add(storage, 0, reshape(out_idx, {-1}), reshape(grad, {-1}));
  Tensor g = reshape(index_select(storage, 0, reshape(in_idx, {-1})), in_sizes);
  // Input elements sharing storage (an expanded input) got the whole sum each: split it.
  std::vector<int64_t> count(size_t(span), 0);
  const int64_t* ip = in_idx.data<int64_t>();
  for (int64_t k = 0; k < in_idx.numel(); ++k) ++count[size_t(ip[k])];
  if (std::any_of(count.begin(), count.end(), [](int64_t n) { return n > 1; })) {
    Tensor share64 = empty(in_sizes, TensorOptions(DType::Float64));
    double* sp = share64.data<double>();
    for (int64_t k = 0; k < in_idx.numel(); ++k) sp[k] = double(count[size_t(ip[k])]);
    g = g / share64.to(g.dtype());
  }
  return {g};
}

}  // namespace

TS_REGISTER_OPS(slicing) {
  r.def<&narrow>("narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)")
      .composite_op();
  r.def<&narrow_tensor>(
      "narrow.Tensor(Tensor(a) self, int dim, Tensor start, int length) -> Tensor(a)")
      .composite_op();
  r.def<&select>("select.int(Tensor(a) self, int dim, int index) -> Tensor(a)");
  r.def<&slice>(
       "slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, "
       "SymInt step=1) -> Tensor(a)")
      .variants("");
  r.def<&as_strided>(
      "as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) "
      "-> Tensor(a)");
  r.def<&detach>("detach(Tensor(a) self) -> Tensor(a)").not_differentiable();
  r.def<&alias>("alias(Tensor(a) self) -> Tensor(a)").variants("");
  r.def<&unbind>("unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]");
  r.def<&diagonal>("diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)");
  r.def<&unfold>("unfold(Tensor(a) self, int dimension, int size, int step) -> Tensor(a)")
      .variants("method");
  r.entry("alias").grad("AliasBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("unbind", "int").grad("UnbindBackward0", "", TS_GRAD({
    // Outputs no gradient reached arrive as zeros.
    return {stack(c.grads, wrap_dim(c.i64(1), int64_t(c.sizes(0).size())))};
  }));
  r.entry("diagonal").grad("DiagonalBackward0", "", TS_GRAD({
    Tensor z = zeros(c.sizes(0), TensorOptions(c.grad().dtype()));
    diagonal(z, c.i64(1), c.i64(2), c.i64(3)).copy_(c.grad());
    return {z};
  }));
  r.entry("unfold").grad("UnfoldBackward0", "", TS_GRAD({
    // Window w element k came from position w * step + k along `dim`: one index_add.
    IntArrayRef in = c.sizes(0);
    const int64_t nd = int64_t(in.size());
    const int64_t dim = nd == 0 ? 0 : wrap_dim(c.i64(1), nd);
    const int64_t size = c.i64(2), step = c.i64(3);
    if (nd == 0)  // one window of size 1 (the element) or of size 0 (no gradient)
      return {size == 0 ? zeros({}, TensorOptions(c.grad().dtype())) : reshape(c.grad(), {})};
    const int64_t windows = c.grad().size(dim);
    Tensor idx = empty({windows * size}, TensorOptions(DType::Int64));
    int64_t* p = idx.data<int64_t>();
    for (int64_t w = 0; w < windows; ++w)
      for (int64_t k = 0; k < size; ++k) p[w * size + k] = w * step + k;
    Tensor g = flatten(movedim(c.grad(), -1, dim + 1), dim, dim + 1);
    return {index_add(zeros(in, TensorOptions(c.grad().dtype())), dim, idx, g)};
  }));
  r.entry("as_strided").grad("AsStridedBackward0", "", &as_strided_grad);

  // Derivatives (PyTorch 1.13's derivatives.yaml formulas and node names).
  r.entry("select", "int").grad("SelectBackward0", "", TS_GRAD({
    TensorOptions o(c.grad().dtype());
    Tensor z = zeros(c.sizes(0), o);
    select(z, c.i64(1), c.i64(2)).copy_(c.grad());
    return {z};
  }));
  r.entry("slice", "Tensor").grad("SliceBackward0", "", TS_GRAD({
    TensorOptions o(c.grad().dtype());
    Tensor z = zeros(c.sizes(0), o);
    std::optional<int64_t> start, end;
    if (!c.none(2)) start = c.i64(2);
    if (!c.none(3)) end = c.i64(3);
    slice(z, c.i64(1), start, end, c.i64(4)).copy_(c.grad());
    return {z};
  }));
}

}  // namespace ts
