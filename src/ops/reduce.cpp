// Reductions: sum, nansum, mean, nanmean, prod, max, min, amax, amin, aminmax, argmax, argmin,
// all, any, count_nonzero. Statistics, norms and scans are in reduce_stats.cpp. The geometry
// lives in tensor/reduce_iter.h; this file picks dtypes, checks arguments with PyTorch's
// wording and calls the kernels through their stubs.
#include "ops/reduce_util.h"

#include <algorithm>
#include <numeric>

#include "ops/api_reduce.h"
#include "ops/grad_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/reduce.h"

namespace ts {

TS_DEFINE_STUB(sum_reduce_stub);
TS_DEFINE_STUB(fold_reduce_stub);
TS_DEFINE_STUB(arg_reduce_stub);

namespace reduce {


DimMask all_dims(int64_t ndim) { return ndim >= 64 ? ~DimMask(0) : (DimMask(1) << ndim) - 1; }

DimMask dims_mask(const Tensor& self, IntArrayRef dims) {
  if (dims.empty()) return all_dims(self.dim());
  DimMask m = 0;
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, self.dim());
    TS_CHECK(!(m >> w & 1), "dim ", w, " appears multiple times in the list of dims");
    m |= DimMask(1) << w;
  }
  return m;
}

DimMask opt_dims_mask(const Tensor& self, OptDims dims) {
  return dims ? dims_mask(self, *dims) : all_dims(self.dim());
}

DimMask dim_mask(const Tensor& self, int64_t dim) {
  return DimMask(1) << wrap_dim(dim, self.dim());
}

int64_t reduced_numel(const Tensor& self, DimMask mask) {
  int64_t n = 1;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (mask >> d & 1) n *= self.sizes()[d];
  return n;
}

void check_nonempty_dims(const Tensor& self, DimMask mask, const char* name) {
  if (self.numel() != 0) return;
  for (int64_t d = 0; d < self.dim(); ++d)
    TS_CHECK_INDEX(!(mask >> d & 1) || self.sizes()[d] != 0, name,
                   ": Expected reduction dim ", d, " to have non-zero size.");
}

namespace {
TensorOptions options(DType t, Device d) {
  TensorOptions o(t);
  o.device = d;
  return o;
}
void fill_plan(ReducePlan& p, const Tensor& out, DType out_dtype, const Tensor& center) {
  p.in = static_cast<const char*>(p.input.data_ptr());
  p.out = out.defined() ? static_cast<char*>(out.data_ptr()) : nullptr;
  p.out_dtype = out_dtype;
  p.center = center.defined() ? static_cast<const char*>(center.data_ptr()) : nullptr;
}
}  // namespace

Tensor run_sum(const Tensor& in, DimMask mask, bool keepdim, DType out_dtype, SumKind kind,
               const ReduceArgs& args, const Tensor& center) {
  Tensor out = empty(reduced_shape(in.sizes(), mask, keepdim), options(out_dtype, in.device()));
  if (out.numel() == 0) return out;
  ReducePlan p = make_reduce_plan(in, mask);
  fill_plan(p, out, out_dtype, center);
  sum_reduce_stub(in.device().type, p, kind, args);
  return out;
}

Tensor run_fold(const Tensor& in, DimMask mask, bool keepdim, FoldKind kind) {
  Tensor out = empty(reduced_shape(in.sizes(), mask, keepdim), options(in.dtype(), in.device()));
  if (out.numel() == 0) return out;
  ReducePlan p = make_reduce_plan(in, mask);
  fill_plan(p, out, in.dtype(), {});
  fold_reduce_stub(in.device().type, p, kind);
  return out;
}

std::tuple<Tensor, Tensor> run_arg(const Tensor& self, DimMask mask, bool keepdim, bool is_max,
                                   bool want_values) {
  // Half types compare exactly as float.
  Tensor in = is_half_type(self.dtype()) ? self.to(DType::Float32) : self;
  DimVector shape = reduced_shape(in.sizes(), mask, keepdim);
  Tensor vals = want_values ? empty(shape, options(in.dtype(), in.device())) : Tensor();
  Tensor idx = empty(shape, options(DType::Int64, in.device()));
  if (idx.numel() != 0) {
    ReducePlan p = make_reduce_plan(in, mask);
    fill_plan(p, vals, in.dtype(), {});
    p.out2 = static_cast<char*>(idx.data_ptr());
    arg_reduce_stub(in.device().type, p, is_max);
  }
  if (vals.defined() && vals.dtype() != self.dtype()) vals = vals.to(self.dtype());
  return {vals, idx};
}

Tensor write_out(const Tensor& out, const Tensor& r) {
  TS_CHECK(out.device() == r.device(), "Expected out tensor to be on ", r.device().str(),
           " but got ", out.device().str());
  resize_out(out, r.sizes());
  copy_into(out, r);
  return out;
}

void check_out_dtype(const Tensor& out, DType want) {
  TS_CHECK(out.dtype() == want, "Expected out tensor to have dtype ", cpp_type_name(want),
           ", but got ", cpp_type_name(out.dtype()), " instead");
}

// Sums into `target`: integers add as int64, half types as float, NaNs count as 0 for NanSum.
Tensor sum_to(const Tensor& self, DimMask mask, bool keepdim, DType target, SumKind kind) {
  TS_CHECK(!(kind == SumKind::NanSum && is_floating(self.dtype()) && !is_floating(target)),
           "\"nansum_cpu\" not implemented for '", scalar_type_name(target), "'");
  Tensor in = self;
  if ((target == DType::Bool || is_half_type(target)) && in.dtype() != target) in = in.to(target);
  DType compute = is_integral(target, true) ? DType::Int64 : is_half_type(target) ? DType::Float32 : target;
  Tensor r = run_sum(in.to(compute), mask, keepdim, compute, kind);
  return r.to(target);
}

}  // namespace reduce

using namespace reduce;

namespace {

DType sum_default_dtype(const Tensor& self, std::optional<DType> dtype) {
  if (dtype) return *dtype;
  return is_integral(self.dtype(), true) ? DType::Int64 : self.dtype();
}

Tensor sum_impl(const Tensor& self, DimMask mask, bool keepdim, std::optional<DType> dtype, SumKind kind) {
  return sum_to(self, mask, keepdim, sum_default_dtype(self, dtype), kind);
}

// out= for ops whose result dtype follows `dtype`, or the out tensor's dtype when it is None.
DType out_target(const Tensor& out, std::optional<DType> dtype) {
  if (dtype) check_out_dtype(out, *dtype);
  return out.dtype();
}

void check_mean_dtype(const Tensor& self, std::optional<DType> dtype, const char* name) {
  if (dtype) {
    TS_CHECK(is_floating(*dtype), name, "(): could not infer output dtype. Optional dtype must be either a floating point or complex dtype. Got: ",
             scalar_type_name(*dtype));
  } else {
    TS_CHECK(is_floating(self.dtype()), name, "(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: ",
             scalar_type_name(self.dtype()));
  }
}

Tensor mean_to(const Tensor& self, DimMask mask, bool keepdim, DType target) {
  const double n = double(reduced_numel(self, mask));
  if (!is_half_type(target)) return run_sum(self.to(target), mask, keepdim, target, SumKind::Mean, {n});
  // PyTorch rounds the sum to the half type before dividing.
  Tensor s = sum_to(self, mask, keepdim, target, SumKind::Sum).to(DType::Float32);
  return run_sum(s, 0, true, DType::Float32, SumKind::Mean, {n}).to(target);
}

Tensor mean_impl(const Tensor& self, DimMask mask, bool keepdim, std::optional<DType> dtype) {
  check_mean_dtype(self, dtype, "mean");
  return mean_to(self, mask, keepdim, dtype.value_or(self.dtype()));
}

Tensor nanmean_to(const Tensor& self, DimMask mask, bool keepdim, DType target) {
  TS_CHECK(is_floating(self.dtype()), "nanmean(): expected input to have floating point dtype but got ",
           scalar_type_name(self.dtype()));
  TS_CHECK(is_floating(target), "\"nansum_cpu\" not implemented for '", scalar_type_name(target), "'");
  Tensor in = self.to(target);
  DType compute = is_half_type(target) ? DType::Float32 : target;
  in = in.to(compute);
  Tensor count = run_sum(in, mask, keepdim, DType::Int64, SumKind::CountNonNan).to(compute);
  return run_sum(in, mask, keepdim, compute, SumKind::NanMean, {}, count).to(target);
}

Tensor prod_impl(const Tensor& self, DimMask mask, bool keepdim, DType target) {
  TS_CHECK(!is_half_type(target), "\"prod_cpu\" not implemented for '", scalar_type_name(target), "'");
  Tensor in = self;
  if (target == DType::Bool && in.dtype() != target) in = in.to(target);
  DType compute = is_integral(target, true) ? DType::Int64 : target;
  return run_fold(in.to(compute), mask, keepdim, FoldKind::Prod).to(target);
}

Tensor minmax_impl(const Tensor& self, DimMask mask, bool keepdim, bool is_max) {
  Tensor in = is_half_type(self.dtype()) ? self.to(DType::Float32) : self;
  return run_fold(in, mask, keepdim, is_max ? FoldKind::Max : FoldKind::Min).to(self.dtype());
}

Tensor amax_impl(const Tensor& self, IntArrayRef dim, bool keepdim, bool is_max) {
  const char* name = is_max ? "amax()" : "amin()";
  DimMask mask = dims_mask(self, dim);
  if (dim.empty())
    TS_CHECK(self.numel() != 0, name, ": Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.");
  check_nonempty_dims(self, mask, name);
  return minmax_impl(self, mask, keepdim, is_max);
}

Tensor full_minmax(const Tensor& self, bool is_max) {
  TS_CHECK(self.numel() != 0, is_max ? "max()" : "min()",
           ": Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.");
  return minmax_impl(self, all_dims(self.dim()), false, is_max);
}

std::tuple<Tensor, Tensor> minmax_dim(const Tensor& self, int64_t dim, bool keepdim, bool is_max) {
  DimMask mask = dim_mask(self, dim);
  check_nonempty_dims(self, mask, is_max ? "max()" : "min()");
  return run_arg(self, mask, keepdim, is_max, true);
}

std::tuple<Tensor, Tensor> minmax_dim_out(const Tensor& self, int64_t dim, bool keepdim, bool is_max,
                                          const Tensor& vals, const Tensor& idx) {
  check_out_dtype(vals, self.dtype());
  check_out_dtype(idx, DType::Int64);
  auto [v, i] = minmax_dim(self, dim, keepdim, is_max);
  write_out(vals, v);
  write_out(idx, i);
  return {vals, idx};
}

Tensor arg_impl(const Tensor& self, std::optional<int64_t> dim, bool keepdim, bool is_max) {
  const char* name = is_max ? "argmax" : "argmin";
  TS_CHECK(self.dtype() != DType::Bool, "\"", name, "_cpu\" not implemented for 'Bool'");
  if (!dim) {
    TS_CHECK_INDEX(self.numel() != 0, name, "(): Expected reduction dim to be specified for input.numel() == 0.");
    // Indices count in the logical (row-major) order.
    return std::get<1>(run_arg(self.contiguous(), all_dims(self.dim()), keepdim, is_max, false));
  }
  DimMask mask = dim_mask(self, *dim);
  check_nonempty_dims(self, mask, is_max ? "argmax()" : "argmin()");
  return std::get<1>(run_arg(self, mask, keepdim, is_max, false));
}

Tensor logical_impl(const Tensor& self, DimMask mask, bool keepdim, bool is_all) {
  DType od = self.dtype() == DType::UInt8 ? DType::UInt8 : DType::Bool;
  return run_sum(self, mask, keepdim, od, is_all ? SumKind::All : SumKind::Any);
}

Tensor logical_out(const Tensor& self, DimMask mask, bool keepdim, bool is_all, const Tensor& out) {
  TS_CHECK(out.dtype() == DType::Bool || out.dtype() == DType::UInt8, is_all ? "all" : "any",
           " only supports bool tensor for result, got: ", scalar_type_name(out.dtype()));
  return write_out(out, logical_impl(self, mask, keepdim, is_all));
}

std::tuple<Tensor, Tensor> aminmax_impl(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  // PyTorch's all-dims kernel takes bfloat16, its dim kernel does not; neither takes float16.
  TS_CHECK(self.dtype() != DType::Float16 && (!dim || self.dtype() != DType::BFloat16),
           "\"aminmax_cpu\" not implemented for '", scalar_type_name(self.dtype()), "'");
  DimMask mask;
  if (!dim) {
    TS_CHECK(self.numel() != 0, "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
    mask = all_dims(self.dim());
  } else {
    mask = dim_mask(self, *dim);
    check_nonempty_dims(self, mask, "aminmax");
  }
  Tensor lo = minmax_impl(self, mask, keepdim, false), hi = minmax_impl(self, mask, keepdim, true);
  if (dim && keepdim && self.dim() == 0) {  // PyTorch's dim kernel gives a 0-dim input shape [1]
    lo = lo.reshape({1});
    hi = hi.reshape({1});
  }
  return {lo, hi};
}

}  // namespace

// ---- Public API ----

Tensor sum(const Tensor& self, std::optional<DType> dtype) {
  TS_AUTOGRAD("sum", self, dtype);
  return sum_impl(self, all_dims(self.dim()), false, dtype, SumKind::Sum);
}
Tensor sum(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype) {
  TS_AUTOGRAD("sum.dim_IntList", self, opt_list(dim), keepdim, dtype);
  return sum_impl(self, opt_dims_mask(self, dim), keepdim, dtype, SumKind::Sum);
}
Tensor sum(const Tensor& self, int64_t dim, bool keepdim, std::optional<DType> dtype) {
  TS_AUTOGRAD("sum.dim_IntList", self, IntArrayRef(dim), keepdim, dtype);
  return sum_impl(self, dim_mask(self, dim), keepdim, dtype, SumKind::Sum);
}
Tensor sum_out(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype, const Tensor& out) {
  DimMask mask = opt_dims_mask(self, dim);
  return write_out(out, sum_to(self, mask, keepdim, out_target(out, dtype), SumKind::Sum));
}
Tensor nansum(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype) {
  TS_AUTOGRAD("nansum", self, opt_list(dim), keepdim, dtype);
  return sum_impl(self, opt_dims_mask(self, dim), keepdim, dtype, SumKind::NanSum);
}
Tensor nansum_out(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype, const Tensor& out) {
  DimMask mask = opt_dims_mask(self, dim);
  return write_out(out, sum_to(self, mask, keepdim, out_target(out, dtype), SumKind::NanSum));
}

Tensor mean(const Tensor& self, std::optional<DType> dtype) {
  TS_AUTOGRAD("mean", self, dtype);
  return mean_impl(self, all_dims(self.dim()), false, dtype);
}
Tensor mean(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype) {
  TS_AUTOGRAD("mean.dim", self, opt_list(dim), keepdim, dtype);
  return mean_impl(self, opt_dims_mask(self, dim), keepdim, dtype);
}
Tensor mean(const Tensor& self, int64_t dim, bool keepdim, std::optional<DType> dtype) {
  TS_AUTOGRAD("mean.dim", self, IntArrayRef(dim), keepdim, dtype);
  return mean_impl(self, dim_mask(self, dim), keepdim, dtype);
}
Tensor mean_out(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype, const Tensor& out) {
  check_mean_dtype(self, dtype, "mean");
  DimMask mask = opt_dims_mask(self, dim);
  return write_out(out, mean_to(self, mask, keepdim, out_target(out, dtype)));
}
Tensor nanmean(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype) {
  TS_AUTOGRAD("nanmean", self, opt_list(dim), keepdim, dtype);
  return nanmean_to(self, opt_dims_mask(self, dim), keepdim, dtype.value_or(self.dtype()));
}
Tensor nanmean_out(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype, const Tensor& out) {
  DimMask mask = opt_dims_mask(self, dim);
  return write_out(out, nanmean_to(self, mask, keepdim, out_target(out, dtype)));
}

Tensor prod(const Tensor& self, std::optional<DType> dtype) {
  TS_AUTOGRAD("prod", self, dtype);
  return prod_impl(self, all_dims(self.dim()), false, sum_default_dtype(self, dtype));
}
Tensor prod(const Tensor& self, int64_t dim, bool keepdim, std::optional<DType> dtype) {
  TS_AUTOGRAD("prod.dim_int", self, dim, keepdim, dtype);
  return prod_impl(self, dim_mask(self, dim), keepdim, sum_default_dtype(self, dtype));
}
Tensor prod_out(const Tensor& self, int64_t dim, bool keepdim, std::optional<DType> dtype, const Tensor& out) {
  DimMask mask = dim_mask(self, dim);
  return write_out(out, prod_impl(self, mask, keepdim, out_target(out, dtype)));
}

Tensor max(const Tensor& self) {
  TS_AUTOGRAD("max", self);
  return full_minmax(self, true);
}
Tensor min(const Tensor& self) {
  TS_AUTOGRAD("min", self);
  return full_minmax(self, false);
}
std::tuple<Tensor, Tensor> max(const Tensor& self, int64_t dim, bool keepdim) {
  TS_AUTOGRAD("max.dim", self, dim, keepdim);
  return minmax_dim(self, dim, keepdim, true);
}
std::tuple<Tensor, Tensor> min(const Tensor& self, int64_t dim, bool keepdim) {
  TS_AUTOGRAD("min.dim", self, dim, keepdim);
  return minmax_dim(self, dim, keepdim, false);
}
std::tuple<Tensor, Tensor> max_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& max,
                                   const Tensor& max_values) {
  return minmax_dim_out(self, dim, keepdim, true, max, max_values);
}
std::tuple<Tensor, Tensor> min_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& min,
                                   const Tensor& min_indices) {
  return minmax_dim_out(self, dim, keepdim, false, min, min_indices);
}
Tensor amax(const Tensor& self, IntArrayRef dim, bool keepdim) {
  TS_AUTOGRAD("amax", self, dim, keepdim);
  return amax_impl(self, dim, keepdim, true);
}
Tensor amin(const Tensor& self, IntArrayRef dim, bool keepdim) {
  TS_AUTOGRAD("amin", self, dim, keepdim);
  return amax_impl(self, dim, keepdim, false);
}
Tensor amax_out(const Tensor& self, IntArrayRef dim, bool keepdim, const Tensor& out) {
  TS_CHECK(out.dtype() == self.dtype(), "Expected the dtype for input and out to match, but got ",
           scalar_type_name(self.dtype()), " for input's dtype and ", scalar_type_name(out.dtype()),
           " for out's dtype.");
  return write_out(out, amax(self, dim, keepdim));
}
Tensor amin_out(const Tensor& self, IntArrayRef dim, bool keepdim, const Tensor& out) {
  TS_CHECK(out.dtype() == self.dtype(), "Expected the dtype for input and out to match, but got ",
           scalar_type_name(self.dtype()), " for input's dtype and ", scalar_type_name(out.dtype()),
           " for out's dtype.");
  return write_out(out, amin(self, dim, keepdim));
}
std::tuple<Tensor, Tensor> aminmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  TS_AUTOGRAD("aminmax", self, dim, keepdim);  // records a node that raises, as PyTorch's
  return aminmax_impl(self, dim, keepdim);
}
std::tuple<Tensor, Tensor> aminmax_out(const Tensor& self, std::optional<int64_t> dim, bool keepdim,
                                       const Tensor& min, const Tensor& max) {
  check_out_dtype(min, self.dtype());
  check_out_dtype(max, self.dtype());
  auto [lo, hi] = aminmax_impl(self, dim, keepdim);
  write_out(min, lo);
  write_out(max, hi);
  return {min, max};
}
Tensor argmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return arg_impl(self, dim, keepdim, true);
}
Tensor argmin(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return arg_impl(self, dim, keepdim, false);
}
Tensor argmax_out(const Tensor& self, std::optional<int64_t> dim, bool keepdim, const Tensor& out) {
  check_out_dtype(out, DType::Int64);
  return write_out(out, argmax(self, dim, keepdim));
}
Tensor argmin_out(const Tensor& self, std::optional<int64_t> dim, bool keepdim, const Tensor& out) {
  check_out_dtype(out, DType::Int64);
  return write_out(out, argmin(self, dim, keepdim));
}

Tensor all(const Tensor& self) { return logical_impl(self, all_dims(self.dim()), false, true); }
Tensor any(const Tensor& self) { return logical_impl(self, all_dims(self.dim()), false, false); }
Tensor all(const Tensor& self, int64_t dim, bool keepdim) {
  return logical_impl(self, dim_mask(self, dim), keepdim, true);
}
Tensor any(const Tensor& self, int64_t dim, bool keepdim) {
  return logical_impl(self, dim_mask(self, dim), keepdim, false);
}
Tensor all_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& out) {
  return logical_out(self, dim_mask(self, dim), keepdim, true, out);
}
Tensor any_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& out) {
  return logical_out(self, dim_mask(self, dim), keepdim, false, out);
}
Tensor all_all_out(const Tensor& self, const Tensor& out) {
  return logical_out(self, all_dims(self.dim()), false, true, out);
}
Tensor any_all_out(const Tensor& self, const Tensor& out) {
  return logical_out(self, all_dims(self.dim()), false, false, out);
}
Tensor count_nonzero(const Tensor& self, std::optional<int64_t> dim) {
  DimMask mask = dim ? dim_mask(self, *dim) : all_dims(self.dim());
  return run_sum(self, mask, false, DType::Int64, SumKind::CountNonZero);
}
Tensor count_nonzero_dims(const Tensor& self, IntArrayRef dim) {
  return run_sum(self, dims_mask(self, dim), false, DType::Int64, SumKind::CountNonZero);
}

// Tensor methods declared in tensor/tensor.h would go here; reductions have none yet.

namespace {
// Boxed entry points for overloaded C++ names.
Tensor sum_full(const Tensor& s, std::optional<DType> t) { return sum(s, t); }
Tensor sum_dims(const Tensor& s, OptDims d, bool k, std::optional<DType> t) { return sum(s, d, k, t); }
Tensor sum_full_out(const Tensor& s, std::optional<DType> t, const Tensor& out) {
  return sum_out(s, std::nullopt, false, t, out);
}
Tensor mean_full(const Tensor& s, std::optional<DType> t) { return mean(s, t); }
Tensor mean_dims(const Tensor& s, OptDims d, bool k, std::optional<DType> t) { return mean(s, d, k, t); }
Tensor prod_full(const Tensor& s, std::optional<DType> t) { return prod(s, t); }
Tensor prod_dim(const Tensor& s, int64_t d, bool k, std::optional<DType> t) { return prod(s, d, k, t); }
Tensor prod_full_out(const Tensor& s, std::optional<DType> t, const Tensor& out) {
  return write_out(out, prod_impl(s, all_dims(s.dim()), false, out_target(out, t)));
}
Tensor max_full(const Tensor& s) { return max(s); }
Tensor min_full(const Tensor& s) { return min(s); }
std::tuple<Tensor, Tensor> max_dim(const Tensor& s, int64_t d, bool k) { return max(s, d, k); }
std::tuple<Tensor, Tensor> min_dim(const Tensor& s, int64_t d, bool k) { return min(s, d, k); }
Tensor all_full(const Tensor& s) { return all(s); }
Tensor any_full(const Tensor& s) { return any(s); }
Tensor all_dim(const Tensor& s, int64_t d, bool k) { return all(s, d, k); }
Tensor any_dim(const Tensor& s, int64_t d, bool k) { return any(s, d, k); }
Tensor count_nonzero_out(const Tensor& s, std::optional<int64_t> d, const Tensor& out) {
  return write_out(out, count_nonzero(s, d));
}
Tensor count_nonzero_dims_out(const Tensor& s, IntArrayRef d, const Tensor& out) {
  return write_out(out, count_nonzero_dims(s, d));
}
}  // namespace

namespace {

using ops::BackwardCtx;
using grad::dims_of;
using grad::has_zero;
using grad::restore;
using grad::zero_where;

// The reduced dims of a sum-like op over `ndim` dims ("int[1]? dim": None or [] = all).
std::vector<int64_t> reduced_dims(const BackwardCtx& c, size_t arg, int64_t ndim) {
  std::vector<int64_t> dims;
  if (!c.none(arg)) dims = c.ints(arg);
  if (dims.empty()) {
    dims.resize(size_t(ndim));
    std::iota(dims.begin(), dims.end(), 0);
  }
  for (int64_t& d : dims) d = wrap_dim(d, ndim);
  std::sort(dims.begin(), dims.end());
  return dims;
}

// PyTorch's sum_backward: the gradient of a (keepdim or not) reduction, broadcast back.
Tensor sum_backward(const Tensor& grad, IntArrayRef sizes, const std::vector<int64_t>& dims,
                    bool keepdim) {
  Tensor g = grad;
  if (!keepdim && !sizes.empty())
    for (int64_t d : dims) g = unsqueeze(g, d);
  return expand(g, sizes);
}

int64_t reduced_numel(IntArrayRef sizes, const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= sizes.empty() ? 1 : sizes[size_t(d)];
  return n;
}

// The gradient of amax/amin/max()/min(): shared evenly among the elements equal to the result.
Tensor evenly(const Tensor& grad, const Tensor& self, const Tensor& result,
              const std::vector<int64_t>& dims, bool keepdim) {
  const int64_t nd = self.dim();
  Tensor mask = eq(self, restore(result, dims, keepdim, nd)).to(grad.dtype());
  Tensor count = nd == 0 ? mask : sum(mask, IntArrayRef(dims), true);
  return restore(grad, dims, keepdim, nd) * mask / count;
}

// max.dim / min.dim: the gradient goes to the selected index.
Tensor select_back(const Tensor& grad, const Tensor& indices, int64_t dim, bool keepdim,
                   IntArrayRef sizes) {
  TensorOptions o(grad.dtype());
  Tensor z = zeros(sizes, o);
  if (sizes.empty()) return grad.clone();
  const int64_t d = wrap_dim(dim, int64_t(sizes.size()));
  Tensor g = keepdim ? grad : unsqueeze(grad, d);
  Tensor i = keepdim ? indices : unsqueeze(indices, d);
  return scatter(z, d, i, g);
}

// The reduced tensor put back at the input's rank.
Tensor keep(const Tensor& t, int64_t dim, bool keepdim, int64_t nd) {
  return keepdim || nd == 0 ? t : unsqueeze(t, dim);
}

// Product of all the other elements along `dim` (exclusive products from both sides): the
// gradient of prod that stays right when the input holds zeros.
Tensor prod_others(const Tensor& x, int64_t dim) {
  const int64_t n = x.size(dim);
  if (n == 0) return x;
  DimVector one_shape(x.sizes());
  one_shape[size_t(dim)] = 1;
  TensorOptions o(x.dtype());
  Tensor one = ones(one_shape, o);
  Tensor left = cumprod(cat({one, narrow(x, dim, 0, n - 1)}, dim), dim, std::nullopt);
  Tensor xr = flip(x, IntArrayRef(dim));
  Tensor right = cumprod(cat({one, narrow(xr, dim, 0, n - 1)}, dim), dim, std::nullopt);
  return left * flip(right, IntArrayRef(dim));
}

}  // namespace

TS_REGISTER_OPS(reduce) {
  r.def<&sum_dims>("sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor");
  r.def<&sum_full>("sum(Tensor self, *, ScalarType? dtype=None) -> Tensor");
  r.def<&sum_out>("sum.IntList_out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)");
  r.def<&sum_full_out>("sum.out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)");
  r.def<&nansum>("nansum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor");
  r.def<&nansum_out>("nansum.out(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)");
  r.def<&mean_full>("mean(Tensor self, *, ScalarType? dtype=None) -> Tensor");
  r.def<&mean_dims>("mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor");
  r.def<&mean_out>("mean.out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)");
  r.def<&nanmean>("nanmean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor");
  r.def<&nanmean_out>("nanmean.out(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)");
  r.def<&prod_full>("prod(Tensor self, *, ScalarType? dtype=None) -> Tensor");
  r.def<&prod_dim>("prod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor");
  r.def<&prod_out>("prod.int_out(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)");
  r.def<&prod_full_out>("prod.out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)");
  r.def<&max_full>("max(Tensor self) -> Tensor");
  r.def<&max_dim>("max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  r.def<&max_out>("max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)");
  r.def<&min_full>("min(Tensor self) -> Tensor");
  r.def<&min_dim>("min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  r.def<&min_out>("min.dim_min(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) min, Tensor(b!) min_indices) -> (Tensor(a!) values, Tensor(b!) indices)");
  r.def<&amax>("amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor");
  r.def<&amax_out>("amax.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&amin>("amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor");
  r.def<&amin_out>("amin.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&aminmax>("aminmax(Tensor self, *, int? dim=None, bool keepdim=False) -> (Tensor min, Tensor max)")
      .no_derivative_in_pytorch();
  r.def<&aminmax_out>("aminmax.out(Tensor self, *, int? dim=None, bool keepdim=False, Tensor(a!) min, Tensor(b!) max) -> (Tensor(a!) min, Tensor(b!) max)");
  r.def<&argmax>("argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor").not_differentiable();
  r.def<&argmax_out>("argmax.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&argmin>("argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor").not_differentiable();
  r.def<&argmin_out>("argmin.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&all_full>("all(Tensor self) -> Tensor").not_differentiable();
  r.def<&all_dim>("all.dim(Tensor self, int dim, bool keepdim=False) -> Tensor").not_differentiable();
  r.def<&all_out>("all.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&all_all_out>("all.all_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&any_full>("any(Tensor self) -> Tensor").not_differentiable();
  r.def<&any_dim>("any.dim(Tensor self, int dim, bool keepdim=False) -> Tensor").not_differentiable();
  r.def<&any_out>("any.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&any_all_out>("any.all_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&count_nonzero_dims>("count_nonzero.dim_IntList(Tensor self, int[] dim) -> Tensor").not_differentiable();
  r.def<&count_nonzero_dims_out>("count_nonzero.dim_IntList_out(Tensor self, int[] dim, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&count_nonzero>("count_nonzero(Tensor self, int? dim=None) -> Tensor").not_differentiable();
  r.def<&count_nonzero_out>("count_nonzero.out(Tensor self, int? dim=None, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();

  // Derivatives (PyTorch 1.13's derivatives.yaml formulas and node names).
  r.entry("sum").grad("SumBackward0", "", TS_GRAD({ return {expand(c.grad(), c.sizes(0))}; }));
  r.entry("sum", "dim_IntList").grad("SumBackward1", "", TS_GRAD({
    auto dims = reduced_dims(c, 1, int64_t(c.sizes(0).size()));
    return {sum_backward(c.grad(), c.sizes(0), dims, c.flag(2))};
  }));
  r.entry("mean").grad("MeanBackward0", "", TS_GRAD({
    int64_t n = 1;
    for (int64_t s : c.sizes(0)) n *= s;
    return {expand(c.grad() / double(n), c.sizes(0))};
  }));
  r.entry("mean", "dim").grad("MeanBackward1", "", TS_GRAD({
    auto dims = reduced_dims(c, 1, int64_t(c.sizes(0).size()));
    return {sum_backward(c.grad(), c.sizes(0), dims, c.flag(2)) /
            double(reduced_numel(c.sizes(0), dims))};
  }));
  // ---- max/min/amax/amin ----
  r.entry("max").grad("MaxBackward1", "self result", TS_GRAD({
    return {evenly(c.grad(), c.in(0), c.result(), dims_of(c, -1, c.in(0).dim()), false)};
  }));
  r.entry("min").grad("MinBackward1", "self result", TS_GRAD({
    return {evenly(c.grad(), c.in(0), c.result(), dims_of(c, -1, c.in(0).dim()), false)};
  }));
  r.entry("max", "dim").grad("MaxBackward0", "result1", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(1), c.flag(2), c.sizes(0))};
  }));
  r.entry("min", "dim").grad("MinBackward0", "result1", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(1), c.flag(2), c.sizes(0))};
  }));
  r.entry("amax").grad("AmaxBackward0", "self result", TS_GRAD({
    auto dims = dims_of(c, 1, c.in(0).dim());
    return {evenly(c.grad(), c.in(0), c.result(), dims, c.flag(2))};
  }));
  r.entry("amin").grad("AminBackward0", "self result", TS_GRAD({
    auto dims = dims_of(c, 1, c.in(0).dim());
    return {evenly(c.grad(), c.in(0), c.result(), dims, c.flag(2))};
  }));
  r.entry("nanmean").grad("NanmeanBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    auto dims = dims_of(c, 1, x.dim());
    const bool kd = c.flag(2);
    Tensor keep = logical_not(isnan(x));
    Tensor cnt = x.dim() == 0 ? keep.to(c.grad().dtype())
                              : sum(keep, IntArrayRef(dims), true, c.grad().dtype());
    Tensor g = expand(restore(c.grad(), dims, kd, x.dim()) / cnt, x.sizes());
    return {where(keep, g, Scalar(0.0))};
  }));
  r.entry("prod").grad("ProdBackward0", "self result", TS_GRAD({
    const Tensor& x = c.in(0);
    if (!has_zero(x)) return {c.grad() * c.result() / x};
    Tensor flat = reshape(x, {-1});
    return {c.grad() * reshape(prod_others(flat, 0), x.sizes())};
  }));
  r.entry("prod", "dim_int").grad("ProdBackward1", "self result", TS_GRAD({
    const Tensor& x = c.in(0);
    const int64_t nd = x.dim();
    const int64_t d = wrap_dim(c.i64(1), nd);
    const bool kd = c.flag(2);
    Tensor g = keep(c.grad(), d, kd, nd);
    if (!has_zero(x)) return {g * keep(c.result(), d, kd, nd) / x};
    return {g * (nd == 0 ? ones_like(x) : prod_others(x, d))};
  }));
  r.entry("nansum").grad("NansumBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    std::vector<int64_t> dims;
    if (!c.none(1)) dims = c.ints(1);
    if (dims.empty())
      for (int64_t i = 0; i < x.dim(); ++i) dims.push_back(i);
    Tensor g = c.grad();
    if (!c.flag(2) && x.dim() > 0) {
      for (int64_t& dd : dims) dd = wrap_dim(dd, x.dim());
      std::sort(dims.begin(), dims.end());
      for (int64_t dd : dims) g = unsqueeze(g, dd);
    }
    return {zero_where(isnan(x), expand(g, x.sizes()))};
  }));
}

}  // namespace ts
