// Sorting and selection: sort, argsort, msort, topk, kthvalue, median, nanmedian, mode. The op
// moves the dim it works on to the end and hands contiguous [rows, S] tensors to the kernels
// (kernels/cpu/sort.cpp); results come back in the input's dim order, contiguous.
#include "ops/api_creation.h"
#include "ops/api_shape.h"
#include "ops/api_sort.h"
#include "ops/reduce_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "ops/sort_util.h"
#include "stubs/sort.h"

namespace ts {

TS_DEFINE_STUB(sort_stub);
TS_DEFINE_STUB(topk_stub);
TS_DEFINE_STUB(kthvalue_stub);
TS_DEFINE_STUB(median_stub);
TS_DEFINE_STUB(median_all_stub);
TS_DEFINE_STUB(mode_stub);

namespace sorting {

void check_dtype(const Tensor& t, const char* name, bool half_ok, bool bf16_ok, bool bool_ok) {
  const DType d = t.dtype();
  const bool ok = (d != DType::Float16 || half_ok) && (d != DType::BFloat16 || bf16_ok) &&
                  (d != DType::Bool || bool_ok);
  TS_CHECK(ok, "\"", name, "\" not implemented for '", scalar_type_name(d), "'");
}

TensorOptions options(DType t, Device d) {
  TensorOptions o(t);
  o.device = d;
  return o;
}

Tensor rows_last(const Tensor& self, int64_t d, bool force_copy) {
  Tensor m = self.dim() > 1 && d != self.dim() - 1 ? movedim(self, d, -1) : self;
  if (!force_copy && m.is_contiguous()) return m;
  Tensor r = empty(m.sizes(), options(self.dtype(), self.device()));
  copy_into(r, m);
  return r;
}

Tensor from_rows_last(const Tensor& r, int64_t d) {
  if (r.dim() <= 1 || d == r.dim() - 1) return r;
  return movedim(r, -1, d).contiguous();
}

DimVector without_last(IntArrayRef sizes) {
  DimVector s(sizes);
  if (!s.empty()) s.pop_back();
  return s;
}

const char* legacy_type_name(DType t) {
  switch (t) {
    case DType::Bool: return "torch.BoolTensor";
    case DType::UInt8: return "torch.ByteTensor";
    case DType::Int8: return "torch.CharTensor";
    case DType::Int16: return "torch.ShortTensor";
    case DType::Int32: return "torch.IntTensor";
    case DType::Int64: return "torch.LongTensor";
    case DType::Float16: return "torch.HalfTensor";
    case DType::BFloat16: return "torch.BFloat16Tensor";
    case DType::Float32: return "torch.FloatTensor";
    case DType::Float64: return "torch.DoubleTensor";
  }
  return "?";
}

std::tuple<Tensor, Tensor> write_pair(const Tensor& values, const Tensor& indices, const Tensor& v,
                                      const Tensor& i) {
  reduce::write_out(values, v);
  reduce::write_out(indices, i);
  return {values, indices};
}

}  // namespace sorting

using namespace sorting;

namespace {

Tensor index_zero(const Tensor& self) { return zeros({}, options(DType::Int64, self.device())); }

std::tuple<Tensor, Tensor> sort_impl(const Tensor& self, bool stable, int64_t dim, bool descending) {
  const int64_t d = wrap_dim(dim, self.dim());
  if (self.dim() == 0) return {self.clone(), index_zero(self)};
  Tensor v = rows_last(self, d, /*force_copy=*/true);
  Tensor i = empty(v.sizes(), options(DType::Int64, self.device()));
  if (v.numel() != 0) sort_stub(self.device().type, v, i, descending, stable);
  return {from_rows_last(v, d), from_rows_last(i, d)};
}

void check_pair_out(const Tensor& self, const Tensor& values, const Tensor& indices) {
  reduce::check_out_dtype(values, self.dtype());
  reduce::check_out_dtype(indices, DType::Int64);
}

void topk_check(const Tensor& self, int64_t k, int64_t dim) {
  const int64_t d = wrap_dim(dim, self.dim());
  TS_CHECK(k >= 0 && k <= (self.dim() > 0 ? self.sizes()[d] : 1), "selected index k out of range");
}

std::tuple<Tensor, Tensor> topk_impl(const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted) {
  topk_check(self, k, dim);
  const int64_t d = wrap_dim(dim, self.dim());
  check_dtype(self, "topk_cpu", false, true, false);
  if (self.dim() == 0) return {self.clone(), index_zero(self)};
  Tensor in = rows_last(self, d, false);
  DimVector osz(in.sizes());
  osz[osz.size() - 1] = k;
  Tensor v = empty(osz, options(self.dtype(), self.device()));
  Tensor i = empty(osz, options(DType::Int64, self.device()));
  if (v.numel() != 0) topk_stub(self.device().type, in, v, i, k, largest, sorted);
  return {from_rows_last(v, d), from_rows_last(i, d)};
}

// Reductions to one value per row: `run` fills [rows] values/indices from the rows-last input.
template <typename Run>
std::tuple<Tensor, Tensor> reduce_rows(const Tensor& self, int64_t d, bool keepdim, const Run& run) {
  if (self.dim() == 0) return {self.clone(), index_zero(self)};
  Tensor in = rows_last(self, d, false);
  DimVector osz = without_last(in.sizes());
  Tensor v = empty(osz, options(self.dtype(), self.device()));
  Tensor i = empty(osz, options(DType::Int64, self.device()));
  if (v.numel() != 0) run(in, v, i);
  if (keepdim) return {unsqueeze(v, d), unsqueeze(i, d)};
  return {v, i};
}

std::tuple<Tensor, Tensor> kthvalue_impl(const Tensor& self, int64_t k, int64_t dim, bool keepdim) {
  const int64_t d = wrap_dim(dim, self.dim());
  reduce::check_nonempty_dims(self, reduce::dim_mask(self, d), "kthvalue()");
  TS_CHECK(k >= 1 && k <= (self.dim() > 0 ? self.sizes()[d] : 1),
           "kthvalue(): selected number k out of range for dimension ", d);
  check_dtype(self, "kthvalue_cpu", false, true, false);
  return reduce_rows(self, d, keepdim, [&](const Tensor& in, const Tensor& v, const Tensor& i) {
    kthvalue_stub(self.device().type, in, v, i, k);
  });
}

std::tuple<Tensor, Tensor> median_dim_impl(const Tensor& self, int64_t dim, bool keepdim, bool ignore_nan) {
  const int64_t d = wrap_dim(dim, self.dim());
  reduce::check_nonempty_dims(self, reduce::dim_mask(self, d), "median()");
  check_dtype(self, "median_out", false, true, false);
  return reduce_rows(self, d, keepdim, [&](const Tensor& in, const Tensor& v, const Tensor& i) {
    median_stub(self.device().type, in, v, i, ignore_nan);
  });
}

std::tuple<Tensor, Tensor> median_dim_out(const Tensor& self, int64_t dim, bool keepdim, bool ignore_nan,
                                          const Tensor& values, const Tensor& indices) {
  const int64_t d = wrap_dim(dim, self.dim());
  reduce::check_nonempty_dims(self, reduce::dim_mask(self, d), "median()");
  TS_CHECK(indices.dtype() == DType::Int64,
           "Expected tensor for argument #1 'indices' to have scalar type Long; but got ",
           legacy_type_name(indices.dtype()), " instead (while checking arguments for median)");
  TS_CHECK(values.dtype() == self.dtype(),
           "Expected tensor for 'values' to have the same type as tensor for argument #2 'self'; but type ",
           legacy_type_name(values.dtype()), " does not equal ", legacy_type_name(self.dtype()),
           " (while checking arguments for median)");
  auto [v, i] = median_dim_impl(self, dim, keepdim, ignore_nan);
  return write_pair(values, indices, v, i);
}

Tensor median_all_impl(const Tensor& self, bool ignore_nan) {
  if (self.numel() == 0)
    return full({}, std::numeric_limits<double>::quiet_NaN(), options(DType::Float32, self.device()))
        .to(self.dtype());
  check_dtype(self, "median_cpu", false, true, false);
  Tensor out = empty({}, options(self.dtype(), self.device()));
  median_all_stub(self.device().type, self.contiguous(), out, ignore_nan);
  return out;
}

std::tuple<Tensor, Tensor> mode_impl(const Tensor& self, int64_t dim, bool keepdim) {
  const int64_t d = wrap_dim(dim, self.dim());
  if (self.numel() == 0) {
    reduce::check_nonempty_dims(self, reduce::dim_mask(self, d), "mode()");
    DimVector sz(self.sizes());
    if (keepdim) sz[size_t(d)] = 1;
    else sz.erase(size_t(d));
    return {empty(sz, options(self.dtype(), self.device())), empty(sz, options(DType::Int64, self.device()))};
  }
  return reduce_rows(self, d, keepdim, [&](const Tensor& in, const Tensor& v, const Tensor& i) {
    mode_stub(self.device().type, in, v, i);
  });
}

}  // namespace

// ---- Public API ----

std::tuple<Tensor, Tensor> sort(const Tensor& self, int64_t dim, bool descending) {
  TS_AUTOGRAD("sort", self, dim, descending);
  return sort_impl(self, false, dim, descending);
}
std::tuple<Tensor, Tensor> sort_stable(const Tensor& self, std::optional<bool> stable, int64_t dim,
                                       bool descending) {
  TS_AUTOGRAD("sort.stable", self, stable, dim, descending);
  TS_CHECK(stable.has_value(), "sort(): c10::optional<bool> for stable has to have value.");
  return sort_impl(self, *stable, dim, descending);
}
std::tuple<Tensor, Tensor> sort_out(const Tensor& self, int64_t dim, bool descending, const Tensor& values,
                                    const Tensor& indices) {
  wrap_dim(dim, self.dim());
  check_pair_out(self, values, indices);
  auto [v, i] = sort_impl(self, false, dim, descending);
  return write_pair(values, indices, v, i);
}
std::tuple<Tensor, Tensor> sort_stable_out(const Tensor& self, std::optional<bool> stable, int64_t dim,
                                           bool descending, const Tensor& values, const Tensor& indices) {
  wrap_dim(dim, self.dim());
  check_pair_out(self, values, indices);
  auto [v, i] = sort_stable(self, stable, dim, descending);
  return write_pair(values, indices, v, i);
}
Tensor argsort(const Tensor& self, int64_t dim, bool descending) {
  return std::get<1>(sort_impl(self, false, dim, descending));
}
Tensor argsort_stable(const Tensor& self, bool stable, int64_t dim, bool descending) {
  return std::get<1>(sort_impl(self, stable, dim, descending));
}
Tensor msort(const Tensor& self) {
  TS_AUTOGRAD("msort", self);
  return std::get<0>(sort_impl(self, false, 0, false));
}
Tensor msort_out(const Tensor& self, const Tensor& out) {
  wrap_dim(0, self.dim());
  reduce::check_out_dtype(out, self.dtype());
  return reduce::write_out(out, msort(self));
}

std::tuple<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted) {
  TS_AUTOGRAD("topk", self, k, dim, largest, sorted);
  return topk_impl(self, k, dim, largest, sorted);
}
std::tuple<Tensor, Tensor> topk_out(const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted,
                                    const Tensor& values, const Tensor& indices) {
  topk_check(self, k, dim);
  check_pair_out(self, values, indices);
  auto [v, i] = topk_impl(self, k, dim, largest, sorted);
  return write_pair(values, indices, v, i);
}

std::tuple<Tensor, Tensor> kthvalue(const Tensor& self, int64_t k, int64_t dim, bool keepdim) {
  TS_AUTOGRAD("kthvalue", self, k, dim, keepdim);
  return kthvalue_impl(self, k, dim, keepdim);
}
std::tuple<Tensor, Tensor> kthvalue_out(const Tensor& self, int64_t k, int64_t dim, bool keepdim,
                                        const Tensor& values, const Tensor& indices) {
  const int64_t d = wrap_dim(dim, self.dim());
  reduce::check_nonempty_dims(self, reduce::dim_mask(self, d), "kthvalue()");
  TS_CHECK(values.dtype() == self.dtype(), "output values must be of same type as input");
  TS_CHECK(indices.dtype() == DType::Int64, "output indices must be of scalar type Long");
  auto [v, i] = kthvalue_impl(self, k, dim, keepdim);
  return write_pair(values, indices, v, i);
}

Tensor median(const Tensor& self) {
  TS_AUTOGRAD("median", self);
  return median_all_impl(self, false);
}
std::tuple<Tensor, Tensor> median(const Tensor& self, int64_t dim, bool keepdim) {
  TS_AUTOGRAD("median.dim", self, dim, keepdim);
  return median_dim_impl(self, dim, keepdim, false);
}
std::tuple<Tensor, Tensor> median_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& values,
                                      const Tensor& indices) {
  return median_dim_out(self, dim, keepdim, false, values, indices);
}
Tensor nanmedian(const Tensor& self) {
  TS_AUTOGRAD("nanmedian", self);
  return median_all_impl(self, true);
}
std::tuple<Tensor, Tensor> nanmedian(const Tensor& self, int64_t dim, bool keepdim) {
  TS_AUTOGRAD("nanmedian.dim", self, dim, keepdim);
  return median_dim_impl(self, dim, keepdim, true);
}
std::tuple<Tensor, Tensor> nanmedian_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& values,
                                         const Tensor& indices) {
  return median_dim_out(self, dim, keepdim, true, values, indices);
}

std::tuple<Tensor, Tensor> mode(const Tensor& self, int64_t dim, bool keepdim) {
  TS_AUTOGRAD("mode", self, dim, keepdim);
  return mode_impl(self, dim, keepdim);
}
std::tuple<Tensor, Tensor> mode_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& values,
                                    const Tensor& indices) {
  TS_CHECK(values.dtype() == self.dtype(), "expected scalar type '", scalar_type_name(self.dtype()),
           "' but got '", scalar_type_name(values.dtype()), "' for values output");
  TS_CHECK(indices.dtype() == DType::Int64, "expected scalar type 'Long' but got '",
           scalar_type_name(indices.dtype()), "' for indices output");
  auto [v, i] = mode_impl(self, dim, keepdim);
  return write_pair(values, indices, v, i);
}

namespace {
// Boxed entry points for overloaded C++ names.
Tensor median_full(const Tensor& s) { return median(s); }
std::tuple<Tensor, Tensor> median_dim(const Tensor& s, int64_t d, bool k) { return median(s, d, k); }
Tensor nanmedian_full(const Tensor& s) { return nanmedian(s); }
std::tuple<Tensor, Tensor> nanmedian_dim(const Tensor& s, int64_t d, bool k) { return nanmedian(s, d, k); }

// Gradient of a value-selecting op: `grad` (keepdim or not) scattered to `indices` along dim.
Tensor select_back(const Tensor& grad, const Tensor& indices, int64_t dim, bool keepdim,
                   IntArrayRef sizes) {
  TensorOptions o(grad.dtype());
  if (sizes.empty()) return grad.clone();
  const int64_t d = wrap_dim(dim, int64_t(sizes.size()));
  Tensor g = keepdim ? grad : unsqueeze(grad, d);
  Tensor i = keepdim ? indices : unsqueeze(indices, d);
  return scatter(zeros(sizes, o), d, i, g);
}

// median()/nanmedian(): the gradient is shared among the elements equal to the result.
Tensor evenly(const Tensor& grad, const Tensor& self, const Tensor& value) {
  Tensor mask = logical_or(eq(self, value), logical_and(isnan(self), isnan(value)));
  Tensor m = mask.to(grad.dtype());
  return m * (grad / sum(m));
}
}  // namespace

TS_REGISTER_OPS(sort) {
  r.def<&sort>("sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)");
  r.def<&sort_stable>("sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)");
  r.def<&sort_stable_out>("sort.values_stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)");
  r.def<&sort_out>("sort.values(Tensor self, int dim=-1, bool descending=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)");
  r.def<&argsort>("argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor").not_differentiable();
  r.def<&argsort_stable>("argsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor").not_differentiable();
  r.def<&msort>("msort(Tensor self) -> Tensor");
  r.def<&msort_out>("msort.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&topk>("topk(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True) -> (Tensor values, Tensor indices)");
  r.def<&topk_out>("topk.values(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)");
  r.def<&kthvalue>("kthvalue(Tensor self, int k, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)");
  r.def<&kthvalue_out>("kthvalue.values(Tensor self, int k, int dim=-1, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)");
  r.def<&median_full>("median(Tensor self) -> Tensor");
  r.def<&median_dim>("median.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  r.def<&median_out>("median.dim_values(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)");
  r.def<&nanmedian_full>("nanmedian(Tensor self) -> Tensor");
  r.def<&nanmedian_dim>("nanmedian.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  r.def<&nanmedian_out>("nanmedian.dim_values(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)");
  r.def<&mode>("mode(Tensor self, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)");
  r.def<&mode_out>("mode.values(Tensor self, int dim=-1, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)");
  // ---- selection: the values output's gradient goes to its indices ----
  r.entry("sort").grad("SortBackward0", "result1", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(1), true, c.sizes(0))};
  }));
  r.entry("sort", "stable").grad("SortBackward1", "result1", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(2), true, c.sizes(0))};
  }));
  r.entry("topk").grad("TopkBackward0", "result1", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(2), true, c.sizes(0))};
  }));
  r.entry("kthvalue").grad("KthvalueBackward0", "result1", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(2), c.flag(3), c.sizes(0))};
  }));
  r.entry("median", "dim").grad("MedianBackward1", "result1", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(1), c.flag(2), c.sizes(0))};
  }));
  r.entry("nanmedian", "dim").grad("NanmedianBackward1", "result1", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(1), c.flag(2), c.sizes(0))};
  }));
  r.entry("mode").grad("ModeBackward0", "result1", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(1), c.flag(2), c.sizes(0))};
  }));
  r.entry("median").grad("MedianBackward0", "self result", TS_GRAD({
    return {evenly(c.grad(), c.in(0), c.result())};
  }));
  r.entry("nanmedian").grad("NanmedianBackward0", "self result", TS_GRAD({
    return {evenly(c.grad(), c.in(0), c.result())};
  }));
  r.entry("msort").grad("SortBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    if (x.dim() == 0) return {c.grad()};
    Tensor idx = std::get<1>(sort(x.detach(), 0, false));
    return {select_back(c.grad(), idx, 0, true, x.sizes())};
  }));
}

}  // namespace ts
