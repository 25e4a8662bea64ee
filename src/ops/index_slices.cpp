// index_add, index_copy and index_fill: whole slices of self along dim, picked by a vector of
// indices, with PyTorch's checks and messages, and their derivatives. The kernel is
// index_scatter_stub on restrided views, as for the scatter family (index_scatter.cpp).
#include "ops/index_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/iter.h"

namespace ts {

using namespace index_detail;

namespace {
// The iteration shape: self's, with dim replaced by the number of indices.
DimVector slice_shape(const Tensor& self1, int64_t dim, int64_t n) {
  DimVector shape(self1.sizes());
  shape[dim] = n;
  return shape;
}

}  // namespace

Tensor index_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha) {
  TS_AUTOGRAD("index_add_", self, dim, index, source, alpha);
  dim = wrap_dim(dim, self.dim());
  TS_CHECK_INDEX(index.dim() <= 1, "index_add_(): Index is supposed to be a vector, but got dim: ", index.dim(),
                 " with type: ", scalar_type_name(index.dtype()), " and size: ", shape_str(index.sizes()));
  TS_CHECK(index.dtype() == DType::Int64 || index.dtype() == DType::Int32,
           "index_add_(): Expected dtype int32/int64 for index but got: ", scalar_type_name(index.dtype()));
  TS_CHECK(self.dtype() == source.dtype(), "index_add_(): self (", scalar_type_name(self.dtype()), ") and source (",
           scalar_type_name(source.dtype()), ") must have the same scalar type");
  TS_CHECK(dim == 0 || dim < source.dim(), "index_add_(): Indexing dim ", dim,
           " is out of bounds of the source tensor with dim ", source.dim());
  TS_CHECK(index.numel() == size_or_1(source, dim), "index_add_(): Number of indices (", index.numel(),
           ") should be equal to source.size(dim): (", size_or_1(source, dim), "), for dim: ", dim);
  Tensor s1 = self.dim() == 0 ? unsqueeze_view(self, 0) : self;
  assert_no_overlap(self, index);
  assert_no_overlap(self, source);
  Tensor src1;
  if (self.dim() > 1) {
    // PyTorch adds source.select(dim, i) into self.select(dim, index[i]): the source slice
    // broadcasts to self's slice.
    if (index.numel() == 0) return self;
    TS_CHECK_INDEX(source.dim() > 0, "select() cannot be applied to a 0-dim tensor.");
    DimVector ss(self.sizes()), cs(source.sizes());
    ss.erase(size_t(dim));
    cs.erase(size_t(dim));
    const DimVector b = broadcast_shapes(ss, cs);
    TS_CHECK(b == ss, "output with shape ", shape_str(ss), " doesn't match the broadcast shape ", shape_str(b));
    const DimVector shape = slice_shape(self, dim, index.numel());
    DimVector st(shape.size(), 0);
    st[dim] = source.strides()[dim];
    const int64_t lead = int64_t(ss.size()) - int64_t(cs.size());
    for (int64_t k = 0; k < int64_t(cs.size()); ++k) {
      const int64_t t = k + lead;  // the slice dim of self that slice dim k of source lines up with
      if (cs[k] != 1) st[t < dim ? t : t + 1] = source.strides()[k < dim ? k : k + 1];
    }
    src1 = make_view(source, shape, std::move(st), source.storage_offset());
  } else {
    TS_CHECK(source.dim() <= 1, "source.dim() (", source.dim(), ") must one or zero for given self.dim() (",
             self.dim(), ")");
    src1 = source.dim() == 0 ? unsqueeze_view(source, 0) : source;
  }
  const int64_t size = s1.sizes()[dim];
  TS_CHECK_INDEX(!find_bad_index(index, size, false), "index out of range in self");
  if (index.numel() == 0) return self;
  Tensor v = src1;
  if (alpha.to_double() != 1.0) v = mul(src1, scalar_tensor(alpha, self.dtype()));
  DimVector shape = slice_shape(s1, dim, index.numel());
  scatter_along(restride(s1, shape, dim), restride(v, shape, -1), index_along(as_long(index), shape, dim), size,
                s1.strides()[dim], kAdd);
  self.bump_version();
  return self;
}

Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha) {
  TS_AUTOGRAD("index_add", self, dim, index, source, alpha);
  return index_add_(contiguous_copy(self), dim, index, source, alpha);
}

Tensor index_copy_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  TS_AUTOGRAD("index_copy_", self, dim, index, source);
  dim = wrap_dim(dim, self.dim());
  TS_CHECK_INDEX(index.dim() < 2, "index_copy_(): Index should have dimension 1 or 0 (got ", index.dim(), ")");
  const int64_t n = index.numel();
  if (source.dim() == 0) {
    TS_CHECK_INDEX(n == 1, "index_copy_(): When source is scalar, index should have one element (got ", n, ")");
  } else {
    TS_CHECK_INDEX(source.dim() == self.dim() || self.dim() == 0,
                   "index_copy_(): When source and destination are not scalars, their dimensionality must match. "
                   "Source dimensionality (", source.dim(), "), destination dimensionality (", self.dim(), ")");
  }
  TS_CHECK(index.dtype() == DType::Int64, "index_copy_(): Expected a long tensor for index, but got ",
           scalar_type_name(index.dtype()));
  TS_CHECK(self.dtype() == source.dtype(), "index_copy_(): self and source expected to have the same dtype, but got "
           "(self) ", scalar_type_name(self.dtype()), " and (source) ", scalar_type_name(source.dtype()));
  auto sliced = [&](const Tensor& t) {
    std::string s;
    for (int64_t i = 0; i < t.dim(); ++i)
      if (i != dim) {
        if (!s.empty()) s += ' ';
        s += std::to_string(t.sizes()[i]);
      }
    return s;
  };
  if (self.dim() > 0 && source.dim() > 0)
    TS_CHECK(sliced(self) == sliced(source), "index_copy_(): Source/destination tensor must have same slice shapes. ",
             "Destination slice shape: ", sliced(self), " at dimension ", dim, " and source slice shape: ",
             sliced(source), " at dimension 0.");
  TS_CHECK_INDEX(source.dim() == 0 || n == source.size(dim), "index_copy_(): Number of indices (", n,
                 ") should be equal to source.size(dim) (", source.size(dim), ")");
  Tensor s1 = self.dim() == 0 ? unsqueeze_view(self, 0) : self;
  Tensor src1 = source.dim() == 0 ? unsqueeze_view(source, 0) : source;
  const int64_t size = s1.sizes()[dim];
  auto bad = find_bad_index(index, size, false);
  TS_CHECK_INDEX(!bad, "index_copy_(): index ", bad.value_or(0), " is out of bounds for dimension ", dim, " with size ",
                 size);
  if (n == 0) return self;
  DimVector shape = slice_shape(s1, dim, n);
  scatter_along(restride(s1, shape, dim), restride(src1, shape, -1), index_along(index, shape, dim), size,
                s1.strides()[dim], kAssign);
  self.bump_version();
  return self;
}

Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  TS_AUTOGRAD("index_copy", self, dim, index, source);
  return index_copy_(contiguous_copy(self), dim, index, source);
}

Tensor index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  TS_AUTOGRAD("index_fill_.int_Scalar", self, dim, index, value);
  TS_CHECK_INDEX(index.dtype() == DType::Int64, "index_fill_(): Expected dtype int64 for index.");
  assert_no_overlap(self, index);
  Tensor s1 = self.dim() == 0 ? unsqueeze_view(self, 0) : self;
  dim = wrap_dim(dim, s1.dim());
  TS_CHECK(index.dim() <= 1, "Index has to be a vector/scalar");
  check_scalar_fits(value, self.dtype());
  const int64_t size = s1.sizes()[dim];
  auto bad = find_bad_index(index, size, true);
  TS_CHECK_INDEX(!bad, "index ", bad.value_or(0), " is out of bounds for dimension ", dim, " with size ", size);
  if (index.numel() == 0 || s1.numel() == 0) return self;
  DimVector shape = slice_shape(s1, dim, index.numel());
  scatter_along(restride(s1, shape, dim), restride(scalar_tensor(value, self.dtype()), shape, -1),
                index_along(index, shape, dim), size, s1.strides()[dim], kAssign);
  self.bump_version();
  return self;
}

Tensor index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  TS_AUTOGRAD("index_fill_.int_Tensor", self, dim, index, value);
  TS_CHECK(value.dim() == 0, "index_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
           value.dim(), " dimension(s).");
  return index_fill_(self, dim, index, value.item());
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  TS_AUTOGRAD("index_fill.int_Scalar", self, dim, index, value);
  return index_fill_(self.clone(), dim, index, value);
}
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  TS_AUTOGRAD("index_fill.int_Tensor", self, dim, index, value);
  return index_fill_(self.clone(), dim, index, value);
}
Tensor index_add_out(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha,
                     const Tensor& out) {
  check_out_dtype(out, self.dtype());
  return copy_to_out(out, index_add(self, dim, index, source, alpha));
}
Tensor index_copy_out(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Tensor& out) {
  check_out_dtype(out, self.dtype());
  return copy_to_out(out, index_copy(self, dim, index, source));
}

namespace {

Tensor index_fill_scalar(const Tensor& s, int64_t d, const Tensor& i, const Scalar& v) {
  return index_fill(s, d, i, v);
}
Tensor index_fill_tensor(const Tensor& s, int64_t d, const Tensor& i, const Tensor& v) {
  return index_fill(s, d, i, v);
}
Tensor index_fill_scalar_(const Tensor& s, int64_t d, const Tensor& i, const Scalar& v) {
  return index_fill_(s, d, i, v);
}
Tensor index_fill_tensor_(const Tensor& s, int64_t d, const Tensor& i, const Tensor& v) {
  return index_fill_(s, d, i, v);
}
Tensor index_fill_scalar_out(const Tensor& s, int64_t d, const Tensor& i, const Scalar& v, const Tensor& out) {
  return copy_to_out(out, index_fill(s, d, i, v));
}
Tensor index_fill_tensor_out(const Tensor& s, int64_t d, const Tensor& i, const Tensor& v, const Tensor& out) {
  return copy_to_out(out, index_fill(s, d, i, v));
}

// index_add / index_copy's source gradient index_select(grad, dim, index), summed back to a source
// whose slice broadcast (fewer or size-1 dims), or reshaped for a 0-dim self's 1-element source.
Tensor to_source(const Tensor& g, int64_t dim, IntArrayRef src) {
  if (same_sizes(g, src)) return g;
  if (g.dim() <= 1 || src.empty()) return reshape(g, src);
  dim = wrap_dim(dim, g.dim());
  Tensor t = movedim(g, dim, 0);  // (n, self's slice...)
  DimVector cs(src);
  cs.erase(size_t(dim));
  const int64_t lead = t.dim() - 1 - int64_t(cs.size());
  std::vector<int64_t> dims;
  for (int64_t k = 0; k + 1 < t.dim(); ++k)
    if (k < lead || (cs[k - lead] == 1 && t.sizes()[k + 1] != 1)) dims.push_back(k + 1);
  if (!dims.empty()) t = sum(t, IntArrayRef(dims), true);
  DimVector shape{t.sizes()[0]};
  for (int64_t v : cs) shape.push_back(v);
  return movedim(reshape(t, shape), 0, dim);
}

}  // namespace

TS_REGISTER_OPS(index_slices) {
  r.def<&index_add>("index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor");
  r.def<&index_add_out>(
      "index_add.out(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1, Tensor(a!) out) -> "
      "Tensor(a!)");
  r.def<&index_add_>(
      "index_add_(Tensor(a!) self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor(a!)");
  r.def<&index_copy>("index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor");
  r.def<&index_copy_out>(
      "index_copy.out(Tensor self, int dim, Tensor index, Tensor source, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&index_copy_>("index_copy_(Tensor(a!) self, int dim, Tensor index, Tensor source) -> Tensor(a!)");
  r.def<&index_fill_scalar>("index_fill.int_Scalar(Tensor self, int dim, Tensor index, Scalar value) -> Tensor");
  r.def<&index_fill_tensor>("index_fill.int_Tensor(Tensor self, int dim, Tensor index, Tensor value) -> Tensor");
  r.def<&index_fill_scalar_out>(
      "index_fill.int_Scalar_out(Tensor self, int dim, Tensor index, Scalar value, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&index_fill_tensor_out>(
      "index_fill.int_Tensor_out(Tensor self, int dim, Tensor index, Tensor value, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&index_fill_scalar_>(
      "index_fill_.int_Scalar(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)");
  r.def<&index_fill_tensor_>(
      "index_fill_.int_Tensor(Tensor(a!) self, int dim, Tensor index, Tensor value) -> Tensor(a!)");
  const ops::Derivative* index_add_d = r.entry("index_add").grad("IndexAddBackward0", "index", TS_GRAD({
    Tensor gs;
    if (c.need(2)) {
      gs = to_source(index_select(c.grad(), c.i64(1), c.in(2)), c.i64(1), c.sizes(2));
      const Scalar alpha = c.scalar(4);
      if (alpha.to_double() != 1.0) gs = gs * alpha;
    }
    return {TS_IF(0, c.grad()), Tensor(), gs};
  })).derivative;
  r.entry("index_add_").grad(index_add_d);
  const ops::Derivative* index_copy_d = r.entry("index_copy").grad("IndexCopyBackward0", "index", TS_GRAD({
    return {TS_IF(0, index_fill(c.grad(), c.i64(1), c.in(2), Scalar(0))), Tensor(),
            TS_IF(2, to_source(index_select(c.grad(), c.i64(1), c.in(2)), c.i64(1), c.sizes(2)))};
  })).derivative;
  r.entry("index_copy_").grad(index_copy_d);
  const ops::Derivative* fill_s = r.entry("index_fill", "int_Scalar").grad("IndexFillBackward0", "index", TS_GRAD({
    return {index_fill(c.grad(), c.i64(1), c.in(2), Scalar(0)), Tensor()};
  })).derivative;
  r.entry("index_fill_", "int_Scalar").grad(fill_s);
  const ops::Derivative* fill_t = r.entry("index_fill", "int_Tensor").grad("IndexFillBackward1", "index", TS_GRAD({
    return {TS_IF(0, index_fill(c.grad(), c.i64(1), c.in(2), Scalar(0))), Tensor(),
            TS_IF(2, sum(index_select(c.grad(), c.i64(1), c.in(2))))};
  })).derivative;
  r.entry("index_fill_", "int_Tensor").grad(fill_t);
}

}  // namespace ts
