// The gather/scatter family along one dim: index_select, gather, take, take_along_dim,
// scatter (src, value, reduce), scatter_add, scatter_reduce, put_ (index_add, index_copy and
// index_fill: index_slices.cpp). Each checks its arguments with PyTorch's wording, validates
// the index values, then runs index_gather_stub or index_scatter_stub on restrided views.
#include "ops/ops.h"
#include "ops/index_util.h"
#include "ops/registry.h"
#include "tensor/iter.h"

namespace ts {

using namespace index_detail;
using ops::BackwardCtx;

namespace {

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
Tensor put_out(const Tensor& s, const Tensor& i, const Tensor& src, bool acc, const Tensor& out) {
  return copy_to_out(out, put(s, i, src, acc));
}

}  // namespace

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

// scatter_reduce.two(self, dim, index, src, reduce, *, include_self): flat inputs self, index,
// src; gradients for self and src.
ops::Grads scatter_reduce_grad(const BackwardCtx& c) {
  const Tensor& grad = c.grad();
  const Tensor& self = c.in(0);
  const int64_t dim = c.i64(1);
  const Tensor& index = c.in(2);
  const Tensor& src = c.in(3);
  const std::string& reduce = c.args[4].to_string();
  const bool include_self = c.flag(5);
  const Tensor& result = c.result();
  const DType t = self.dtype();
  Tensor grad_self, grad_src;
  if (reduce == "sum") {
    grad_self = grad;
    grad_src = gather(grad, dim, index);
  } else if (reduce == "prod") {
    // Exclusive products, computed explicitly where self or src holds a zero.
    Tensor masked_self = masked_fill(self, eq(self, 0), 1);
    Tensor masked_self_result = scatter_reduce(masked_self, dim, index, src, reduce, include_self);
    grad_self = grad * masked_self_result / masked_self;
    Tensor src_zero = eq(src, 0);
    Tensor src_num_zeros =
        gather(scatter_add(zeros_like(self), dim, index, src_zero.to(t)), dim, index);
    Tensor src_single_zero = logical_and(src_zero, eq(src_num_zeros, 1));
    Tensor masked_src = masked_fill(src, src_single_zero, 1);
    Tensor masked_src_result = scatter_reduce(self, dim, index, masked_src, reduce, include_self);
    grad_src = where(src_single_zero, gather(grad * masked_src_result, dim, index),
                     gather(grad * result, dim, index) / masked_fill(src, src_zero, 1));
  } else if (reduce == "mean") {
    Tensor n = include_self ? ones_like(grad) : zeros_like(grad);
    n = scatter_add(n, dim, index, ones_like(src));
    n = masked_fill(n, eq(n, 0), 1);
    grad_self = grad / n;
    grad_src = gather(grad, dim, index) / gather(n, dim, index);
  } else {  // amax, amin: the gradient is shared evenly among the elements equal to the result
    Tensor value = gather(result, dim, index);
    Tensor self_is_result = eq(self, result).to(t);
    Tensor src_is_result = eq(src, value).to(t);
    Tensor n = scatter_add(self_is_result, dim, index, src_is_result);
    Tensor distributed = grad / n;
    grad_self = self_is_result * distributed;
    grad_src = src_is_result * gather(distributed, dim, index);
  }
  if (!include_self) grad_self = scatter(grad_self, dim, index, Scalar(0));
  return {TS_IF(0, grad_self), Tensor(), TS_IF(2, grad_src)};
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
  const ops::Derivative* put_d = r.entry("put").grad("PutBackward0", "index source", TS_GRAD({
    Tensor gs;
    if (c.need(0)) gs = c.flag(3) ? c.grad() : put(c.grad(), c.in(1), zeros_like(c.in(2)), false);
    return {gs, Tensor(), TS_IF(2, reshape(take(c.grad(), c.in(1)), c.sizes(2)))};
  })).derivative;
  r.entry("put_").grad(put_d);
  const ops::Derivative* d = r.entry("scatter_reduce", "two")
                                 .grad("ScatterReduceBackward0", "self index src result",
                                       &scatter_reduce_grad)
                                 .derivative;
  r.entry("scatter_reduce_", "two").grad(d);
}

}  // namespace ts
