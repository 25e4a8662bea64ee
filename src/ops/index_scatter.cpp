// The gather/scatter family along one dim: index_select, gather, take, take_along_dim,
// scatter (src, value, reduce), scatter_add, scatter_reduce, index_add, index_copy,
// index_fill, put_. Each checks its arguments with PyTorch's wording, validates the index
// values, then runs index_gather_stub or index_scatter_stub on restrided views.
#include "ops/ops.h"
#include "ops/index_util.h"
#include "ops/registry.h"
#include "tensor/iter.h"

namespace ts {

using namespace index_detail;

namespace {

int64_t size_or_1(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }
int64_t stride_or_0(const Tensor& t, int64_t d) { return t.dim() == 0 ? 0 : t.strides()[d]; }
int64_t dims_or_1(const Tensor& t) { return std::max<int64_t>(t.dim(), 1); }

// `t` viewed with `shape`: its own strides, 0 along `zero_dim` and along dims where it has size 1
// (broadcast) or does not exist (0-dim).
Tensor restride(const Tensor& t, IntArrayRef shape, int64_t zero_dim) {
  DimVector st(shape.size(), 0);
  for (int64_t d = 0; d < int64_t(shape.size()); ++d)
    if (d != zero_dim && d < t.dim() && t.sizes()[d] != 1) st[d] = t.strides()[d];
  return make_view(t, DimVector(shape), std::move(st), t.storage_offset());
}

// A vector (or 0-dim) index laid along `dim` of `shape`.
Tensor index_along(const Tensor& index, IntArrayRef shape, int64_t dim) {
  DimVector st(shape.size(), 0);
  if (index.dim() == 1 && shape[dim] != 1) st[dim] = index.strides()[0];
  return make_view(index, DimVector(shape), std::move(st), index.storage_offset());
}

Tensor as_long(const Tensor& t) { return t.dtype() == DType::Int64 ? t : t.to(DType::Int64); }

Tensor empty_of(IntArrayRef shape, const Tensor& like, std::optional<DType> dtype = std::nullopt) {
  TensorOptions o(dtype.value_or(like.dtype()));
  o.device = like.device();
  return empty(shape, o);
}

// A contiguous copy of self: the out-of-place scatter ops write into it.
Tensor contiguous_copy(const Tensor& self) {
  Tensor r = empty_of(self.sizes(), self);
  copy_into(r, self);
  return r;
}

Tensor scalar_tensor(const Scalar& v, DType dtype) {
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

void scatter_along(const Tensor& dst, const Tensor& src, const Tensor& index, int64_t size, int64_t stride,
                   int64_t reduce) {
  index_scatter_stub(dst.device().type, dst, src, std::vector<Tensor>{index}, IntArrayRef(size), IntArrayRef(stride),
                     reduce);
}

// ---- scatter family ----

void scatter_shape_check(const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src) {
  if (index.numel() == 0) return;
  TS_CHECK(dims_or_1(self) == dims_or_1(index), "Index tensor must have the same number of dimensions as self tensor");
  bool wrong = false;
  const int64_t nd = dims_or_1(self);
  for (int64_t d = 0; d < nd && !wrong; ++d)
    if (d != dim && size_or_1(index, d) > size_or_1(self, d)) wrong = true;
  if (!wrong && src)
    for (int64_t d = 0; d < nd && !wrong; ++d)
      if (size_or_1(index, d) > size_or_1(*src, d)) wrong = true;
  if (src) {
    TS_CHECK(dims_or_1(*src) == dims_or_1(index), "Index tensor must have the same number of dimensions as src tensor");
    TS_CHECK(!wrong, "Expected index ", shape_str(index.sizes()), " to be smaller than self ", shape_str(self.sizes()),
             " apart from dimension ", dim, " and to be smaller size than src ", shape_str(src->sizes()));
  } else {
    TS_CHECK(!wrong, "Expected index ", shape_str(index.sizes()), " to be smaller than self ", shape_str(self.sizes()),
             " apart from dimension ", dim);
  }
}

// self[i][index[i][j]][k] = reduce(..., src[i][j][k] or value), for dim 1.
Tensor scatter_impl(const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src, const Scalar* value,
                    int64_t reduce) {
  dim = wrap_dim(dim, self.dim());
  TS_CHECK(index.dtype() == DType::Int64, "scatter(): Expected dtype int64 for index");
  if (src) TS_CHECK(self.dtype() == src->dtype(), "scatter(): Expected self.dtype to be equal to src.dtype");
  scatter_shape_check(self, dim, index, src);
  assert_no_overlap(self, index);
  if (src) assert_no_overlap(self, *src);
  if (index.numel() == 0) return self;
  const int64_t size = size_or_1(self, dim);
  auto bad = find_bad_index(index, size, false);
  TS_CHECK(!bad, "index ", bad.value_or(0), " is out of bounds for dimension ", dim, " with size ", size);
  Tensor dst = restride(self, index.sizes(), dim);
  Tensor s = src ? restride(*src, index.sizes(), -1) : restride(scalar_tensor(*value, self.dtype()), index.sizes(), -1);
  scatter_along(dst, s, index, size, stride_or_0(self, dim), reduce);
  self.bump_version();
  return self;
}

int64_t legacy_reduce(const std::string& reduce) {
  if (reduce == "add") return kAdd;
  if (reduce == "multiply") return kMultiply;
  TS_CHECK(false, "reduce argument must be either add or multiply.");
  return kAssign;
}

// The identity of a scatter_reduce reduction, written where include_self=False.
Scalar reduce_identity(DType t, const std::string& reduce) {
  if (reduce == "sum" || reduce == "mean") return Scalar(int64_t(0));
  if (reduce == "prod") return Scalar(int64_t(1));
  bool lowest = reduce == "amax";
  return TS_DISPATCH_ALL(t, "scatter_reduce", {
    if constexpr (std::is_same_v<scalar_t, bool>) {
      return Scalar(!lowest);
    } else if constexpr (std::is_integral_v<scalar_t>) {
      return Scalar(int64_t(lowest ? std::numeric_limits<scalar_t>::lowest() : std::numeric_limits<scalar_t>::max()));
    } else {
      return Scalar(lowest ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity());
    }
  });
}

Tensor scatter_reduce_impl(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                           const std::string& reduce, bool include_self) {
  int64_t op = kAdd;
  if (reduce == "sum" || reduce == "mean") op = kAdd;
  else if (reduce == "prod") op = kMultiply;
  else if (reduce == "amax") op = kMax;
  else if (reduce == "amin") op = kMin;
  else TS_CHECK(false, "reduce argument must be either sum, prod, mean, amax or amin.");
  if (index.numel() == 0) return scatter_impl(self, dim, index, &src, nullptr, op);  // checks only
  if (!include_self) {
    Scalar init = reduce_identity(self.dtype(), reduce);
    scatter_impl(self, dim, index, nullptr, &init, kAssign);
  }
  scatter_impl(self, dim, index, &src, nullptr, op);
  if (reduce != "mean") return self;
  // mean: divide by how many values each element received (itself included or not).
  Tensor count = empty_of(self.sizes(), self, DType::Int64);
  count.fill_(include_self ? 1 : 0);
  Tensor ones = empty_of(index.sizes(), self, DType::Int64);
  ones.fill_(1);
  scatter_impl(count, dim, index, &ones, nullptr, kAdd);
  int64_t* c = count.data<int64_t>();
  for (int64_t i = 0; i < count.numel(); ++i) c[i] = c[i] == 0 ? 1 : c[i];
  if (is_floating(self.dtype())) div_(self, count);
  else div_(self, count, "floor");
  return self;
}

// ---- index_add / index_copy / index_fill: whole slices along dim ----

// The iteration shape: self's, with dim replaced by the number of indices.
DimVector slice_shape(const Tensor& self1, int64_t dim, int64_t n) {
  DimVector shape(self1.sizes());
  shape[dim] = n;
  return shape;
}

}  // namespace

Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) {
  TS_AUTOGRAD("index_select", self, dim, index);
  dim = wrap_dim(dim, self.dim());
  const int64_t n = index.numel();
  TS_CHECK_INDEX(index.dim() <= 1, "index_select(): Index is supposed to be a vector");
  TS_CHECK(index.dtype() == DType::Int64 || index.dtype() == DType::Int32,
           "index_select(): Expected dtype int32 or int64 for index");
  DimVector shape(self.sizes());
  if (self.dim() > 0) shape[dim] = n;
  Tensor out = empty_of(shape, self);
  if (self.dim() == 0) {
    TS_CHECK_INDEX(!find_bad_index(index, 1, false), "index out of range in self");
    copy_into(out, self);
    return out;
  }
  const int64_t size = self.sizes()[dim];
  // PyTorch words the error by the path it takes: dim 1 and empty tensors differ.
  auto raise = [&](int64_t bad) {
    TS_CHECK(!(self.dim() > 1 && (self.numel() == 0 || dim == 1)), "INDICES element is out of DATA bounds, id=",
             bad, " axis_dim=", size);
    TS_CHECK_INDEX(false, "index out of range in self");
  };
  if (self.dim() > 1 && n == 0) return out;
  if (self.numel() == 0) {
    TS_CHECK(size > 0 || self.dim() <= 1, "index_select(): self indexing axis dim should be positive");
    if (auto bad = find_bad_index(index, size, false)) raise(*bad);
    return out;
  }
  if (dim == 0 && self.is_contiguous() && index.is_contiguous() && self.device().type == DeviceType::CPU) {
    // Whole rows (embedding lookups): one memcpy per index.
    if (!index_rows_stub(DeviceType::CPU, out, self, index)) raise(find_bad_index(index, size, false).value_or(0));
    return out;
  }
  gather_along(out, restride(self, shape, dim), index_along(as_long(index), shape, dim), size, self.strides()[dim],
               false, index, raise);
  return out;
}

Tensor index_select_out(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& out) {
  TS_CHECK(self.dtype() == out.dtype(), "index_select(): self and result must have the same scalar type");
  assert_no_overlap(out, self);
  assert_no_overlap(out, index);
  return copy_to_out(out, index_select(self, dim, index));
}

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index, bool) {
  TS_AUTOGRAD("gather", self, dim, index, false);
  dim = wrap_dim(dim, self.dim());
  Tensor out = empty_of(index.sizes(), self);
  TS_CHECK(index.dtype() == DType::Int64, "gather(): Expected dtype int64 for index");
  if (index.numel() == 0) return out;
  TS_CHECK(dims_or_1(self) == dims_or_1(index), "Index tensor must have the same number of dimensions as input tensor");
  for (int64_t i = 0; i < dims_or_1(self); ++i)
    TS_CHECK(i == dim || size_or_1(index, i) <= size_or_1(self, i), "Size does not match at dimension ", i,
             " expected index ", shape_str(index.sizes()), " to be smaller than self ", shape_str(self.sizes()),
             " apart from dimension ", dim);
  const int64_t size = size_or_1(self, dim);
  gather_along(out, restride(self, index.sizes(), dim), index, size, stride_or_0(self, dim), false, index,
               [&](int64_t bad) {
                 TS_CHECK(false, "index ", bad, " is out of bounds for dimension ", dim, " with size ", size);
               });
  return out;
}

Tensor gather_out(const Tensor& self, int64_t dim, const Tensor& index, bool sparse_grad, const Tensor& out) {
  check_out_dtype(out, self.dtype());
  return copy_to_out(out, gather(self, dim, index, sparse_grad));
}

Tensor take(const Tensor& self, const Tensor& index) {
  TS_AUTOGRAD("take", self, index);
  TS_CHECK(index.dtype() == DType::Int64, "take(): Expected a long tensor for index, but got ",
           scalar_type_name(index.dtype()));
  Tensor out = empty_of(index.sizes(), self);
  TS_CHECK_INDEX(!(self.numel() == 0 && index.numel() != 0), "take(): tried to take from an empty tensor");
  if (index.numel() == 0) return out;
  Tensor src = flat(self);
  Tensor s = make_view(src, DimVector(index.sizes()), DimVector(size_t(index.dim()), 0), src.storage_offset());
  gather_along(out, s, index, self.numel(), 1, true, index, [&](int64_t bad) {
    TS_CHECK_INDEX(false, "out of range: tried to access index ", bad, " on a tensor of ", self.numel(), " elements.");
  });
  return out;
}

Tensor take_out(const Tensor& self, const Tensor& index, const Tensor& out) {
  TS_CHECK(self.dtype() == out.dtype(), "take(): self and out expected to have the same dtype, but got self.dtype = ",
           scalar_type_name(self.dtype()), " and out.dtype = ", scalar_type_name(out.dtype()));
  return copy_to_out(out, take(self, index));
}

// A composite of public ops (gather records GatherBackward0, as PyTorch).
Tensor take_along_dim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim) {
  if (!dim) return gather(view(self, {-1}), 0, view(indices, {-1}));
  TS_CHECK(self.dim() == indices.dim(), "torch.take_along_dim(): input and indices should have the same number of "
           "dimensions, but got ", self.dim(), " dimensions for input, and ", indices.dim(), " dimensions for indices");
  TS_CHECK(indices.dtype() == DType::Int64, "torch.take_along_dim(): dtype of indices should be Long but got ",
           scalar_type_name(indices.dtype()));
  int64_t d = wrap_dim(*dim, self.dim());
  TS_CHECK_INDEX(self.dim() > 0, "Dimension specified as ", d, " but tensor has no dimensions");
  DimVector self_sizes(self.sizes());
  self_sizes[d] = indices.sizes()[d];
  Tensor ib = expand(indices, broadcast_shapes(self_sizes, indices.sizes()));
  DimVector index_sizes(indices.sizes());
  index_sizes[d] = self.sizes()[d];
  Tensor sb = expand(self, broadcast_shapes(index_sizes, self.sizes()));
  return gather(sb, d, ib);
}

Tensor take_along_dim_out(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim, const Tensor& out) {
  check_out_dtype(out, self.dtype());
  return copy_to_out(out, take_along_dim(self, indices, dim));
}

Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  TS_AUTOGRAD("scatter_.src", self, dim, index, src);
  return scatter_impl(self, dim, index, &src, nullptr, kAssign);
}
Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  TS_AUTOGRAD("scatter_.value", self, dim, index, value);
  return scatter_impl(self, dim, index, nullptr, &value, kAssign);
}
Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, const std::string& reduce) {
  TS_AUTOGRAD("scatter_.reduce", self, dim, index, src, reduce);
  int64_t op = legacy_reduce(reduce);
  return scatter_impl(self, dim, index, &src, nullptr, op);
}
Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value, const std::string& reduce) {
  TS_AUTOGRAD("scatter_.value_reduce", self, dim, index, value, reduce);
  int64_t op = legacy_reduce(reduce);
  return scatter_impl(self, dim, index, nullptr, &value, op);
}
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  TS_AUTOGRAD("scatter.src", self, dim, index, src);
  return scatter_(contiguous_copy(self), dim, index, src);
}
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  TS_AUTOGRAD("scatter.value", self, dim, index, value);
  return scatter_(contiguous_copy(self), dim, index, value);
}
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, const std::string& reduce) {
  TS_AUTOGRAD("scatter.reduce", self, dim, index, src, reduce);
  return scatter_(contiguous_copy(self), dim, index, src, reduce);
}
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value, const std::string& reduce) {
  TS_AUTOGRAD("scatter.value_reduce", self, dim, index, value, reduce);
  return scatter_(contiguous_copy(self), dim, index, value, reduce);
}
Tensor scatter_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  TS_AUTOGRAD("scatter_add_", self, dim, index, src);
  return scatter_impl(self, dim, index, &src, nullptr, kAdd);
}
Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  TS_AUTOGRAD("scatter_add", self, dim, index, src);
  return scatter_add_(contiguous_copy(self), dim, index, src);
}
Tensor scatter_reduce_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                       const std::string& reduce, bool include_self) {
  TS_AUTOGRAD("scatter_reduce_.two", self, dim, index, src, reduce, include_self);
  return scatter_reduce_impl(self, dim, index, src, reduce, include_self);
}
Tensor scatter_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                      const std::string& reduce, bool include_self) {
  TS_AUTOGRAD("scatter_reduce.two", self, dim, index, src, reduce, include_self);
  return scatter_reduce_impl(contiguous_copy(self), dim, index, src, reduce, include_self);
}

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

Tensor put_(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  TS_AUTOGRAD("put_", self, index, source, accumulate);
  TS_CHECK(index.dtype() == DType::Int64, "put_(): Expected a long tensor for index, but got ",
           scalar_type_name(index.dtype()));
  TS_CHECK(self.dtype() == source.dtype(), "put_(): self and source expected to have the same dtype, but got "
           "self.dtype = ", scalar_type_name(self.dtype()), " and source.dtype = ", scalar_type_name(source.dtype()));
  TS_CHECK_INDEX(source.numel() == index.numel(), "put_(): Expected source and index to have the same number of "
                 "elements, but got source.numel() = ", source.numel(), ", index.numel() = ", index.numel());
  TS_CHECK_INDEX(!(self.numel() == 0 && index.numel() != 0), "put_(): Tried to put elements into an empty tensor");
  assert_no_overlap(self, index);
  assert_no_overlap(self, source);
  if (index.numel() == 0) return self;
  auto bad = find_bad_index(index, self.numel(), true);
  TS_CHECK_INDEX(!bad, "out of range: tried to access index ", bad.value_or(0), " on a tensor of ", self.numel(),
                 " elements.");
  // Indices address self in row-major order: a non-contiguous self goes through a copy.
  Tensor dst = self.contiguous();
  const int64_t n = index.numel();
  Tensor d = make_view(dst, {n}, {0}, dst.storage_offset());
  scatter_along(d, flat(source), flat(index), self.numel(), 1, accumulate ? kAdd : kAssign);
  if (!dst.is_same(self)) copy_into(self, dst);
  self.bump_version();
  return self;
}

Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  TS_AUTOGRAD("put", self, index, source, accumulate);
  return put_(self.clone(), index, source, accumulate);
}

Tensor scatter_add_out(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, const Tensor& out) {
  check_out_dtype(out, self.dtype());
  return copy_to_out(out, scatter_add(self, dim, index, src));
}
Tensor scatter_reduce_out(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                          const std::string& reduce, bool include_self, const Tensor& out) {
  check_out_dtype(out, self.dtype());
  return copy_to_out(out, scatter_reduce(self, dim, index, src, reduce, include_self));
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

// Boxed-name wrappers for overloads and out= forms.
Tensor scatter_src(const Tensor& s, int64_t d, const Tensor& i, const Tensor& src) { return scatter(s, d, i, src); }
Tensor scatter_value(const Tensor& s, int64_t d, const Tensor& i, const Scalar& v) { return scatter(s, d, i, v); }
Tensor scatter_src_reduce(const Tensor& s, int64_t d, const Tensor& i, const Tensor& src, std::string r) {
  return scatter(s, d, i, src, r);
}
Tensor scatter_value_reduce(const Tensor& s, int64_t d, const Tensor& i, const Scalar& v, std::string r) {
  return scatter(s, d, i, v, r);
}
Tensor scatter_src_(const Tensor& s, int64_t d, const Tensor& i, const Tensor& src) { return scatter_(s, d, i, src); }
Tensor scatter_value_(const Tensor& s, int64_t d, const Tensor& i, const Scalar& v) { return scatter_(s, d, i, v); }
Tensor scatter_src_reduce_(const Tensor& s, int64_t d, const Tensor& i, const Tensor& src, std::string r) {
  return scatter_(s, d, i, src, r);
}
Tensor scatter_value_reduce_(const Tensor& s, int64_t d, const Tensor& i, const Scalar& v, std::string r) {
  return scatter_(s, d, i, v, r);
}
Tensor scatter_src_out(const Tensor& s, int64_t d, const Tensor& i, const Tensor& src, const Tensor& out) {
  check_out_dtype(out, s.dtype());
  return copy_to_out(out, scatter(s, d, i, src));
}
Tensor scatter_value_out(const Tensor& s, int64_t d, const Tensor& i, const Scalar& v, const Tensor& out) {
  check_out_dtype(out, s.dtype());
  return copy_to_out(out, scatter(s, d, i, v));
}
Tensor scatter_src_reduce_out(const Tensor& s, int64_t d, const Tensor& i, const Tensor& src, std::string r,
                              const Tensor& out) {
  check_out_dtype(out, s.dtype());
  return copy_to_out(out, scatter(s, d, i, src, r));
}
Tensor scatter_value_reduce_out(const Tensor& s, int64_t d, const Tensor& i, const Scalar& v, std::string r,
                                const Tensor& out) {
  check_out_dtype(out, s.dtype());
  return copy_to_out(out, scatter(s, d, i, v, r));
}
Tensor scatter_reduce_b(const Tensor& s, int64_t d, const Tensor& i, const Tensor& src, std::string r, bool inc) {
  return scatter_reduce(s, d, i, src, r, inc);
}
Tensor scatter_reduce_b_(const Tensor& s, int64_t d, const Tensor& i, const Tensor& src, std::string r, bool inc) {
  return scatter_reduce_(s, d, i, src, r, inc);
}
Tensor scatter_reduce_b_out(const Tensor& s, int64_t d, const Tensor& i, const Tensor& src, std::string r, bool inc,
                            const Tensor& out) {
  return scatter_reduce_out(s, d, i, src, r, inc, out);
}
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
Tensor put_out(const Tensor& s, const Tensor& i, const Tensor& src, bool acc, const Tensor& out) {
  return copy_to_out(out, put(s, i, src, acc));
}

}  // namespace

Tensor index_detail::mask_low_bytes(const Tensor& mask, int64_t available) {
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

TS_REGISTER_OPS(index_scatter) {
  r.def<&index_select>("index_select(Tensor self, int dim, Tensor index) -> Tensor");
  r.def<&index_select_out>("index_select.out(Tensor self, int dim, Tensor index, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&gather>("gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor");
  r.def<&gather_out>(
      "gather.out(Tensor self, int dim, Tensor index, *, bool sparse_grad=False, Tensor(a!) out) -> Tensor(a!)");
  r.def<&take>("take(Tensor self, Tensor index) -> Tensor");
  r.def<&take_out>("take.out(Tensor self, Tensor index, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&take_along_dim>("take_along_dim(Tensor self, Tensor indices, int? dim=None) -> Tensor").composite_op();
  r.def<&take_along_dim_out>(
      "take_along_dim.out(Tensor self, Tensor indices, int? dim=None, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&scatter_value>("scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor");
  r.def<&scatter_src>("scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor");
  // scatter with reduce=: PyTorch 1.13 has no derivative either ("derivative for aten::scatter
  // is not implemented" at backward time), nor for the in-place forms.
  r.def<&scatter_src_reduce>("scatter.reduce(Tensor self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor")
      .no_derivative_in_pytorch();
  r.def<&scatter_value_reduce>(
      "scatter.value_reduce(Tensor self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor")
      .no_derivative_in_pytorch();
  r.def<&scatter_src_out>(
      "scatter.src_out(Tensor self, int dim, Tensor index, Tensor src, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&scatter_value_out>(
      "scatter.value_out(Tensor self, int dim, Tensor index, Scalar value, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&scatter_src_reduce_out>(
      "scatter.reduce_out(Tensor self, int dim, Tensor index, Tensor src, *, str reduce, Tensor(a!) out) -> "
      "Tensor(a!)");
  r.def<&scatter_value_reduce_out>(
      "scatter.value_reduce_out(Tensor self, int dim, Tensor index, Scalar value, *, str reduce, Tensor(a!) out) -> "
      "Tensor(a!)");
  r.def<&scatter_src_>("scatter_.src(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)");
  r.def<&scatter_value_>("scatter_.value(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)");
  r.def<&scatter_src_reduce_>(
      "scatter_.reduce(Tensor(a!) self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor(a!)")
      .no_derivative_in_pytorch();
  r.def<&scatter_value_reduce_>(
      "scatter_.value_reduce(Tensor(a!) self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor(a!)")
      .no_derivative_in_pytorch();
  r.def<&scatter_add>("scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor");
  r.def<&scatter_add_out>(
      "scatter_add.out(Tensor self, int dim, Tensor index, Tensor src, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&scatter_add_>("scatter_add_(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)");
  r.def<&scatter_reduce_b>(
      "scatter_reduce.two(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> "
      "Tensor");
  r.def<&scatter_reduce_b_out>(
      "scatter_reduce.two_out(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True, "
      "Tensor(a!) out) -> Tensor(a!)");
  r.def<&scatter_reduce_b_>(
      "scatter_reduce_.two(Tensor(a!) self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) "
      "-> Tensor(a!)");
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
  r.def<&put_>("put_(Tensor(a!) self, Tensor index, Tensor source, bool accumulate=False) -> Tensor(a!)");
  r.def<&put>("put(Tensor self, Tensor index, Tensor source, bool accumulate=False) -> Tensor");
  r.def<&put_out>(
      "put.out(Tensor self, Tensor index, Tensor source, bool accumulate=False, *, Tensor(a!) out) -> Tensor(a!)");
}

// ---- Derivatives (PyTorch 1.13's derivatives.yaml). Flat tensor inputs: self, index, then
// src / source / value where the op has one. ----

namespace {
Tensor zeros_of(IntArrayRef sizes, const Tensor& like) {
  return zeros(sizes, TensorOptions(like.dtype()));
}

bool same_sizes(const Tensor& t, IntArrayRef sizes) { return DimVector(t.sizes()) == DimVector(sizes); }

// scatter's src gradient gather(grad, dim, index) has index's shape; a larger src (only its
// leading part is read) gets zeros elsewhere.
Tensor pad_to(const Tensor& g, IntArrayRef sizes) {
  if (same_sizes(g, sizes)) return g;
  Tensor r = g.dim() == int64_t(sizes.size()) ? g : reshape(g, DimVector(sizes.size(), 1));
  std::vector<int64_t> pad;
  for (int64_t d = int64_t(sizes.size()) - 1; d >= 0; --d) {
    pad.push_back(0);
    pad.push_back(sizes[d] - r.sizes()[d]);
  }
  return constant_pad_nd(r, pad);
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

TS_REGISTER_OPS(index_scatter_grads) {
  r.entry("index_select").grad("IndexSelectBackward0", "index", TS_GRAD({
    return {index_add(zeros_of(c.sizes(0), c.grad()), c.i64(1), c.in(2), c.grad()), Tensor()};
  }));
  r.entry("gather").grad("GatherBackward0", "index", TS_GRAD({
    return {scatter_add(zeros_of(c.sizes(0), c.grad()), c.i64(1), c.in(2), c.grad()), Tensor()};
  }));
  r.entry("take").grad("TakeBackward0", "index", TS_GRAD({
    return {put(zeros_of(c.sizes(0), c.grad()), c.in(1), c.grad(), true), Tensor()};
  }));
  const ops::Derivative* scatter_src = r.entry("scatter", "src").grad("ScatterBackward0", "index", TS_GRAD({
    return {TS_IF(0, scatter(c.grad(), c.i64(1), c.in(2), Scalar(0))), Tensor(),
            TS_IF(2, pad_to(gather(c.grad(), c.i64(1), c.in(2)), c.sizes(2)))};
  })).derivative;
  r.entry("scatter_", "src").grad(scatter_src);
  const ops::Derivative* scatter_value = r.entry("scatter", "value").grad("ScatterBackward1", "index", TS_GRAD({
    return {scatter(c.grad(), c.i64(1), c.in(2), Scalar(0)), Tensor()};
  })).derivative;
  r.entry("scatter_", "value").grad(scatter_value);
  const ops::Derivative* scatter_add_d = r.entry("scatter_add").grad("ScatterAddBackward0", "index", TS_GRAD({
    return {TS_IF(0, c.grad()), Tensor(), TS_IF(2, pad_to(gather(c.grad(), c.i64(1), c.in(2)), c.sizes(2)))};
  })).derivative;
  r.entry("scatter_add_").grad(scatter_add_d);
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
  const ops::Derivative* put_d = r.entry("put").grad("PutBackward0", "index source", TS_GRAD({
    Tensor gs;
    if (c.need(0)) gs = c.flag(3) ? c.grad() : put(c.grad(), c.in(1), zeros_like(c.in(2)), false);
    return {gs, Tensor(), TS_IF(2, reshape(take(c.grad(), c.in(1)), c.sizes(2)))};
  })).derivative;
  r.entry("put_").grad(put_d);
}

}  // namespace ts
