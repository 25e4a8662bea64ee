// Statistics, norms and scans: std, var, std_mean, var_mean, logsumexp, norm, cumsum, cumprod.
#include <cmath>
#include <limits>

#include "ops/api_core.h"
#include "ops/api_pointwise.h"
#include "ops/api_shape.h"
#include "ops/api_unary.h"
#include "ops/grad_util.h"
#include "ops/ops.h"
#include "ops/reduce_util.h"
#include "ops/registry.h"
#include "stubs/scan.h"

namespace ts {

TS_DEFINE_STUB(scan_stub);

using namespace reduce;

namespace {

// std_mean/var_mean's mean comes from Welford's update in PyTorch (m += (x - m) / k over the
// reduced elements in order): an infinity makes it NaN unless it is the only one and the last.
Tensor welford_mean(const Tensor& self, DimMask mask, bool keepdim, const Tensor& mean) {
  if (self.numel() == 0 || !any(isinf(self)).item<bool>()) return mean;
  DimVector dims;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (mask >> d & 1) dims.push_back(d);
  Tensor n_inf = sum(isinf(self), IntArrayRef(dims), keepdim);
  Tensor last = self;
  for (int64_t d : dims) last = narrow(last, d, self.size(d) - 1, 1);
  if (!keepdim)
    for (size_t i = dims.size(); i-- > 0;) last = squeeze(last, dims[i]);
  Tensor ok = logical_or(eq(n_inf, Scalar(int64_t(0))),
                         logical_and(eq(n_inf, Scalar(int64_t(1))), isinf(last)));
  return where(ok, mean, Scalar(std::numeric_limits<double>::quiet_NaN()));
}

// Two passes in double (PyTorch's CPU accumulates var in double too): the mean, then the
// sum of squared deviations divided by max(N - correction, 0).
Tensor var_impl(const Tensor& self, DimMask mask, std::optional<int64_t> correction, bool keepdim,
                bool take_sqrt, Tensor* mean_out = nullptr) {
  TS_CHECK(is_floating(self.dtype()), "std and var only support floating point and complex dtypes");
  const DType t = self.dtype();
  Tensor in = is_half_type(t) ? self.to(DType::Float32) : self;
  const int64_t n = reduced_numel(self, mask);
  Tensor mean = run_sum(in, mask, keepdim, DType::Float64, SumKind::Mean, {double(n)});
  const double div = double(std::max<int64_t>(0, n - correction.value_or(1)));
  Tensor r = run_sum(in, mask, keepdim, DType::Float64, take_sqrt ? SumKind::Std : SumKind::Var,
                     {div}, mean);
  if (mean_out) *mean_out = welford_mean(self, mask, keepdim, mean).to(t);
  return r.to(t);
}

std::optional<int64_t> correction_of(bool unbiased) { return unbiased ? 1 : 0; }

Tensor logsumexp_impl(const Tensor& self, IntArrayRef dim, bool keepdim) {
  DimMask mask = dims_mask(self, dim);
  // PyTorch 1.13 rejects an empty dim list without keepdim (its output is resized to [] but
  // written as the keepdim shape).
  if (dim.empty() && !keepdim && self.dim() > 0)
    TS_ERROR("output with shape [] doesn't match the broadcast shape ",
             shape_str(DimVector(size_t(self.dim()), 1)));
  Tensor in = is_integral(self.dtype(), true) ? self.to(default_dtype()) : self;
  TS_CHECK(in.dtype() != DType::Float16, "\"exp_vml_cpu\" not implemented for 'Half'");
  const DType t = in.dtype();
  if (is_half_type(t)) in = in.to(DType::Float32);
  // exp(x - max) keeps the sum finite; an infinite max is replaced by 0 in the kernel.
  Tensor maxes = in.numel() != 0 ? run_fold(in, mask, keepdim, FoldKind::Max) : Tensor();
  return run_sum(in, mask, keepdim, in.dtype(), SumKind::LogSumExp, {}, maxes).to(t);
}

Tensor norm_impl(const Tensor& self, const std::optional<Scalar>& p, DimMask mask, bool keepdim,
                 std::optional<DType> dtype) {
  TS_CHECK(is_floating(self.dtype()), "norm(): input dtype should be either floating point or complex. Got ",
           scalar_type_name(self.dtype()), " instead.");
  if (dtype)
    TS_CHECK(is_floating(*dtype), "norm(): the desired output dtype should be either floating point or complex. Got ",
             scalar_type_name(*dtype), " instead.");
  const DType target = dtype.value_or(self.dtype());
  Tensor in = self.to(target);
  const DType compute = is_half_type(target) ? DType::Float32 : target;
  in = in.to(compute);
  const double pv = p ? p->to_double() : 2.0;
  Tensor r;
  if (std::isinf(pv)) {
    r = run_fold(in, mask, keepdim, pv > 0 ? FoldKind::AbsMax : FoldKind::AbsMin);
  } else {
    SumKind kind = pv == 0 ? SumKind::Norm0 : pv == 1 ? SumKind::Norm1 : pv == 2 ? SumKind::Norm2 : SumKind::NormP;
    r = run_sum(in, mask, keepdim, compute, kind, {1.0, pv});
  }
  if (reduced_numel(self, mask) == 0) zero_(r);  // every order's norm of nothing is 0 in PyTorch
  return r.to(target);
}

// cumsum/cumprod in `target`: integers accumulate as int64, bfloat16 as float.
Tensor scan_impl(const Tensor& self, int64_t dim, DType target, bool is_prod) {
  const int64_t d = self.dim() ? wrap_dim(dim, self.dim()) : (wrap_dim(dim, 0), 0);
  TS_CHECK(target != DType::Float16 && target != DType::Bool, "\"", is_prod ? "cumprod" : "cumsum",
           "_out_cpu\" not implemented for '", scalar_type_name(target), "'");
  Tensor in = self;
  if (target == DType::BFloat16 && in.dtype() != target) in = in.to(target);
  const DType compute = is_integral(target, false) ? DType::Int64 : is_half_type(target) ? DType::Float32 : target;
  in = in.to(compute).contiguous();
  TensorOptions o(compute);
  o.device = self.device();
  Tensor out = empty(self.sizes(), o);
  if (out.numel() != 0) scan_stub(self.device().type, in, out, d, is_prod);
  return out.to(target);
}

DType scan_dtype(const Tensor& self, std::optional<DType> dtype) {
  if (dtype) return *dtype;
  return is_integral(self.dtype(), true) ? DType::Int64 : self.dtype();
}

Tensor scan_inplace(const Tensor& self, int64_t dim, std::optional<DType> dtype, bool is_prod) {
  TS_CHECK(!dtype || *dtype == self.dtype(), "Bad in-place call: input tensor dtype ",
           cpp_type_name(self.dtype()), " and output tensor dtype ", cpp_type_name(*dtype),
           " should match");
  copy_into(self, scan_impl(self, dim, self.dtype(), is_prod));
  return self;
}

}  // namespace

Tensor std_all(const Tensor& self, bool unbiased) {
  TS_AUTOGRAD("std", self, unbiased);
  return var_impl(self, all_dims(self.dim()), correction_of(unbiased), false, true);
}
Tensor std(const Tensor& self, OptDims dim, bool unbiased, bool keepdim) {
  TS_AUTOGRAD("std.dim", self, opt_list(dim), unbiased, keepdim);
  return var_impl(self, opt_dims_mask(self, dim), correction_of(unbiased), keepdim, true);
}
Tensor std(const Tensor& self, int64_t dim, bool unbiased, bool keepdim) {
  TS_AUTOGRAD("std.dim", self, IntArrayRef(dim), unbiased, keepdim);
  return var_impl(self, dim_mask(self, dim), correction_of(unbiased), keepdim, true);
}
Tensor std_correction(const Tensor& self, OptDims dim, std::optional<int64_t> correction, bool keepdim) {
  TS_AUTOGRAD("std.correction", self, opt_list(dim), correction, keepdim);
  return var_impl(self, opt_dims_mask(self, dim), correction, keepdim, true);
}
Tensor std_out(const Tensor& self, OptDims dim, bool unbiased, bool keepdim, const Tensor& out) {
  return write_out(out, std(self, dim, unbiased, keepdim));
}
Tensor std_correction_out(const Tensor& self, OptDims dim, std::optional<int64_t> correction,
                          bool keepdim, const Tensor& out) {
  return write_out(out, std_correction(self, dim, correction, keepdim));
}
Tensor var_all(const Tensor& self, bool unbiased) {
  TS_AUTOGRAD("var", self, unbiased);
  return var_impl(self, all_dims(self.dim()), correction_of(unbiased), false, false);
}
Tensor var(const Tensor& self, OptDims dim, bool unbiased, bool keepdim) {
  TS_AUTOGRAD("var.dim", self, opt_list(dim), unbiased, keepdim);
  return var_impl(self, opt_dims_mask(self, dim), correction_of(unbiased), keepdim, false);
}
Tensor var(const Tensor& self, int64_t dim, bool unbiased, bool keepdim) {
  TS_AUTOGRAD("var.dim", self, IntArrayRef(dim), unbiased, keepdim);
  return var_impl(self, dim_mask(self, dim), correction_of(unbiased), keepdim, false);
}
Tensor var_correction(const Tensor& self, OptDims dim, std::optional<int64_t> correction, bool keepdim) {
  TS_AUTOGRAD("var.correction", self, opt_list(dim), correction, keepdim);
  return var_impl(self, opt_dims_mask(self, dim), correction, keepdim, false);
}
Tensor var_out(const Tensor& self, OptDims dim, bool unbiased, bool keepdim, const Tensor& out) {
  return write_out(out, var(self, dim, unbiased, keepdim));
}
Tensor var_correction_out(const Tensor& self, OptDims dim, std::optional<int64_t> correction,
                          bool keepdim, const Tensor& out) {
  return write_out(out, var_correction(self, dim, correction, keepdim));
}

std::tuple<Tensor, Tensor> std_mean(const Tensor& self, bool unbiased) {
  TS_AUTOGRAD("std_mean", self, unbiased);
  return std_mean_correction(self, std::nullopt, correction_of(unbiased), false);
}
std::tuple<Tensor, Tensor> std_mean_dim(const Tensor& self, OptDims dim, bool unbiased, bool keepdim) {
  TS_AUTOGRAD("std_mean.dim", self, opt_list(dim), unbiased, keepdim);
  return std_mean_correction(self, dim, correction_of(unbiased), keepdim);
}
std::tuple<Tensor, Tensor> std_mean_correction(const Tensor& self, OptDims dim,
                                               std::optional<int64_t> correction, bool keepdim) {
  TS_AUTOGRAD("std_mean.correction", self, opt_list(dim), correction, keepdim);
  TS_CHECK(is_floating(self.dtype()), "std_mean only support floating point and complex dtypes");
  Tensor m;
  Tensor s = var_impl(self, opt_dims_mask(self, dim), correction, keepdim, true, &m);
  return {s, m};
}
std::tuple<Tensor, Tensor> var_mean(const Tensor& self, bool unbiased) {
  TS_AUTOGRAD("var_mean", self, unbiased);
  return var_mean_correction(self, std::nullopt, correction_of(unbiased), false);
}
std::tuple<Tensor, Tensor> var_mean_dim(const Tensor& self, OptDims dim, bool unbiased, bool keepdim) {
  TS_AUTOGRAD("var_mean.dim", self, opt_list(dim), unbiased, keepdim);
  return var_mean_correction(self, dim, correction_of(unbiased), keepdim);
}
std::tuple<Tensor, Tensor> var_mean_correction(const Tensor& self, OptDims dim,
                                               std::optional<int64_t> correction, bool keepdim) {
  TS_AUTOGRAD("var_mean.correction", self, opt_list(dim), correction, keepdim);
  TS_CHECK(is_floating(self.dtype()), "var_mean only support floating point and complex dtypes");
  Tensor m;
  Tensor v = var_impl(self, opt_dims_mask(self, dim), correction, keepdim, false, &m);
  return {v, m};
}

Tensor logsumexp(const Tensor& self, IntArrayRef dim, bool keepdim) {
  TS_AUTOGRAD("logsumexp", self, dim, keepdim);
  return logsumexp_impl(self, dim, keepdim);
}
Tensor logsumexp_out(const Tensor& self, IntArrayRef dim, bool keepdim, const Tensor& out) {
  TS_CHECK(is_floating(out.dtype()), "logsumexp(): Expected floating point type for result tensor, but got: ",
           scalar_type_name(out.dtype()));
  return write_out(out, logsumexp_impl(self, dim, keepdim));
}

Tensor norm(const Tensor& self, const Scalar& p) {
  TS_AUTOGRAD("norm.Scalar", self, p);
  return norm_impl(self, p, all_dims(self.dim()), false, std::nullopt);
}
Tensor norm(const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim, bool keepdim) {
  TS_AUTOGRAD("norm.ScalarOpt_dim", self, p, dim, keepdim);
  return norm_impl(self, p, dims_mask(self, dim), keepdim, std::nullopt);
}
Tensor norm(const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim, bool keepdim, DType dtype) {
  TS_AUTOGRAD("norm.ScalarOpt_dim_dtype", self, p, dim, keepdim, dtype);
  return norm_impl(self, p, dims_mask(self, dim), keepdim, dtype);
}
Tensor norm(const Tensor& self, const std::optional<Scalar>& p, DType dtype) {
  TS_AUTOGRAD("norm.ScalarOpt_dtype", self, p, dtype);
  return norm_impl(self, p, all_dims(self.dim()), false, dtype);
}
Tensor norm_out(const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim, bool keepdim,
                const Tensor& out) {
  return write_out(out, norm(self, p, dim, keepdim));
}
Tensor norm_dtype_out(const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim,
                      bool keepdim, DType dtype, const Tensor& out) {
  return write_out(out, norm(self, p, dim, keepdim, dtype));
}

Tensor cumsum(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  TS_AUTOGRAD("cumsum", self, dim, dtype);
  return scan_impl(self, dim, scan_dtype(self, dtype), false);
}
Tensor cumprod(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  TS_AUTOGRAD("cumprod", self, dim, dtype);
  return scan_impl(self, dim, scan_dtype(self, dtype), true);
}
Tensor cumsum_(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  TS_AUTOGRAD("cumsum_", self, dim, dtype);
  return scan_inplace(self, dim, dtype, false);
}
Tensor cumprod_(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  TS_AUTOGRAD("cumprod_", self, dim, dtype);
  return scan_inplace(self, dim, dtype, true);
}
Tensor cumsum_out(const Tensor& self, int64_t dim, std::optional<DType> dtype, const Tensor& out) {
  DType target = dtype ? *dtype : out.dtype();
  if (dtype) check_out_dtype(out, *dtype);
  return write_out(out, scan_impl(self, dim, target, false));
}
Tensor cumprod_out(const Tensor& self, int64_t dim, std::optional<DType> dtype, const Tensor& out) {
  DType target = dtype ? *dtype : out.dtype();
  if (dtype) check_out_dtype(out, *dtype);
  return write_out(out, scan_impl(self, dim, target, true));
}

namespace {
// Boxed entry points for overloaded C++ names.
Tensor std_dims(const Tensor& s, OptDims d, bool u, bool k) { return std(s, d, u, k); }
Tensor var_dims(const Tensor& s, OptDims d, bool u, bool k) { return var(s, d, u, k); }
Tensor norm_scalar(const Tensor& s, const Scalar& p) { return norm(s, p); }
Tensor norm_dims(const Tensor& s, const std::optional<Scalar>& p, IntArrayRef d, bool k) {
  return norm(s, p, d, k);
}
Tensor norm_dims_dtype(const Tensor& s, const std::optional<Scalar>& p, IntArrayRef d, bool k, DType t) {
  return norm(s, p, d, k, t);
}
Tensor norm_dtype(const Tensor& s, const std::optional<Scalar>& p, DType t) { return norm(s, p, t); }
Tensor norm_dtype_all_out(const Tensor& s, const std::optional<Scalar>& p, DType t, const Tensor& out) {
  return write_out(out, norm(s, p, t));
}
Tensor norm_scalar_out(const Tensor& s, const Scalar& p, const Tensor& out) {
  return write_out(out, norm(s, p));
}
std::tuple<Tensor, Tensor> std_mean_all(const Tensor& s, bool u) { return std_mean(s, u); }
std::tuple<Tensor, Tensor> var_mean_all(const Tensor& s, bool u) { return var_mean(s, u); }
std::tuple<Tensor, Tensor> std_mean_correction_out(const Tensor& s, OptDims d, std::optional<int64_t> c,
                                                   bool k, const Tensor& out0, const Tensor& out1) {
  auto [a, b] = std_mean_correction(s, d, c, k);
  write_out(out0, a);
  write_out(out1, b);
  return {out0, out1};
}
std::tuple<Tensor, Tensor> var_mean_correction_out(const Tensor& s, OptDims d, std::optional<int64_t> c,
                                                   bool k, const Tensor& out0, const Tensor& out1) {
  auto [a, b] = var_mean_correction(s, d, c, k);
  write_out(out0, a);
  write_out(out1, b);
  return {out0, out1};
}
}  // namespace

namespace {

using ops::BackwardCtx;
using grad::dims_of;
using grad::has_zero;
using grad::norm_back;
using grad::restore;

// var_backward: 2 / (N - correction) * grad * (x - mean(x)).
Tensor var_back(const Tensor& grad, const Tensor& self, const std::vector<int64_t>& dims,
                double correction, bool keepdim) {
  int64_t n = 1;
  for (int64_t d : dims) n *= self.dim() == 0 ? 1 : self.size(d);
  const int64_t nd = self.dim();
  Tensor centered = nd == 0 ? self - self : self - mean(self, IntArrayRef(dims), true);
  return restore(grad, dims, keepdim, nd) * centered * (2.0 / (double(n) - correction));
}

// std_backward's first step: grad / (2 std), 0 where std is 0 (a constant input: PyTorch masks
// the 0/0 there rather than give nan).
Tensor std_to_var_grad(const Tensor& grad, const Tensor& result) {
  return where(eq(result, Scalar(0.0)), Scalar(0.0), grad / (result * 2.0));
}

double correction_of(const BackwardCtx& c, int arg, bool is_unbiased_flag) {
  if (is_unbiased_flag) return c.flag(size_t(arg)) ? 1.0 : 0.0;
  return c.none(size_t(arg)) ? 1.0 : double(c.i64(size_t(arg)));
}

// Reverse cumulative sum along `dim`.
Tensor rev_cumsum(const Tensor& g, int64_t dim) {
  return flip(cumsum(flip(g, IntArrayRef(dim)), dim, std::nullopt), IntArrayRef(dim));
}

}  // namespace

TS_REGISTER_OPS(reduce_stats) {
  r.def<&std_all>("std(Tensor self, bool unbiased=True) -> Tensor");
  r.def<&std_dims>("std.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor");
  r.def<&std_correction>("std.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> Tensor");
  r.def<&std_out>("std.out(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&std_correction_out>("std.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out) -> Tensor(a!)");
  r.def<&var_all>("var(Tensor self, bool unbiased=True) -> Tensor");
  r.def<&var_dims>("var.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor");
  r.def<&var_correction>("var.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> Tensor");
  r.def<&var_out>("var.out(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&var_correction_out>("var.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out) -> Tensor(a!)");
  r.def<&std_mean_all>("std_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)").variants("function");
  r.def<&std_mean_dim>("std_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)").variants("function");
  r.def<&std_mean_correction>("std_mean.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> (Tensor, Tensor)").variants("function");
  r.def<&std_mean_correction_out>("std_mean.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))").variants("function");
  r.def<&var_mean_all>("var_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)").variants("function");
  r.def<&var_mean_dim>("var_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)").variants("function");
  r.def<&var_mean_correction>("var_mean.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> (Tensor, Tensor)").variants("function");
  r.def<&var_mean_correction_out>("var_mean.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))").variants("function");
  r.def<&logsumexp>("logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor");
  r.def<&logsumexp_out>("logsumexp.out(Tensor self, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&norm_scalar>("norm.Scalar(Tensor self, Scalar p=2) -> Tensor");
  r.def<&norm_dims>("norm.ScalarOpt_dim(Tensor self, Scalar? p, int[1] dim, bool keepdim=False) -> Tensor");
  r.def<&norm_dims_dtype>("norm.ScalarOpt_dim_dtype(Tensor self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType dtype) -> Tensor");
  r.def<&norm_dtype>("norm.ScalarOpt_dtype(Tensor self, Scalar? p, *, ScalarType dtype) -> Tensor");
  r.def<&norm_out>("norm.out(Tensor self, Scalar? p, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&norm_dtype_out>("norm.dtype_out(Tensor self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType dtype, Tensor(a!) out) -> Tensor(a!)");
  r.def<&norm_dtype_all_out>("norm.ScalarOpt_dtype_out(Tensor self, Scalar? p, *, ScalarType dtype, Tensor(a!) out) -> Tensor(a!)");
  r.def<&norm_scalar_out>("norm.Scalar_out(Tensor self, Scalar p=2, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&cumsum>("cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor");
  r.def<&cumsum_>("cumsum_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)").variants("method");
  r.def<&cumsum_out>("cumsum.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)");
  r.def<&cumprod>("cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor");
  r.def<&cumprod_>("cumprod_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)").variants("method");
  r.def<&cumprod_out>("cumprod.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)");

  // Derivatives (PyTorch 1.13's derivatives.yaml formulas and node names).
  // ---- var/std: (self, unbiased), (self, dim, unbiased, keepdim), (self, dim, correction, keepdim)
  r.entry("var").grad("VarBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    return {var_back(c.grad(), x, dims_of(c, -1, x.dim()), correction_of(c, 1, true), false)};
  }));
  r.entry("var", "dim").grad("VarBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    return {var_back(c.grad(), x, dims_of(c, 1, x.dim()), correction_of(c, 2, true), c.flag(3))};
  }));
  r.entry("var", "correction").grad("VarBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    return {var_back(c.grad(), x, dims_of(c, 1, x.dim()), correction_of(c, 2, false), c.flag(3))};
  }));
  r.entry("std").grad("StdBackward0", "self result", TS_GRAD({
    const Tensor& x = c.in(0);
    return {var_back(std_to_var_grad(c.grad(), c.result()), x, dims_of(c, -1, x.dim()),
                     correction_of(c, 1, true), false)};
  }));
  r.entry("std", "dim").grad("StdBackward0", "self result", TS_GRAD({
    const Tensor& x = c.in(0);
    return {var_back(std_to_var_grad(c.grad(), c.result()), x, dims_of(c, 1, x.dim()),
                     correction_of(c, 2, true), c.flag(3))};
  }));
  r.entry("std", "correction").grad("StdBackward0", "self result", TS_GRAD({
    const Tensor& x = c.in(0);
    return {var_back(std_to_var_grad(c.grad(), c.result()), x, dims_of(c, 1, x.dim()),
                     correction_of(c, 2, false), c.flag(3))};
  }));

  // ---- std_mean/var_mean: (std or var, mean) ----
#define TS_MOMENT(n, node, std_, ov, da, ca, fl, ka)                                            \
  r.entry(n, ov).grad(node, "self result", TS_GRAD({                                            \
    const Tensor& x = c.in(0);                                                                 \
    auto dims = dims_of(c, da, x.dim());                                                        \
    const bool kd = (ka) >= 0 && c.flag(size_t(ka));                                           \
    const double corr = correction_of(c, ca, fl);                                              \
    Tensor g0 = std_ ? std_to_var_grad(c.grad(0), c.result(0)) : c.grad(0);                 \
    int64_t cnt = 1;                                                                            \
    for (int64_t d : dims) cnt *= x.dim() == 0 ? 1 : x.size(d);                                 \
    Tensor g1 = expand(restore(c.grad(1), dims, kd, x.dim()), x.sizes()) / double(cnt);        \
    return {var_back(g0, x, dims, corr, kd) + g1};                                             \
  }));
  TS_MOMENT("std_mean", "StdMeanBackward0", true, "", -1, 1, true, -1)
  TS_MOMENT("std_mean", "StdMeanBackward0", true, "dim", 1, 2, true, 3)
  TS_MOMENT("std_mean", "StdMeanBackward0", true, "correction", 1, 2, false, 3)
  TS_MOMENT("var_mean", "VarMeanBackward0", false, "", -1, 1, true, -1)
  TS_MOMENT("var_mean", "VarMeanBackward0", false, "dim", 1, 2, true, 3)
  TS_MOMENT("var_mean", "VarMeanBackward0", false, "correction", 1, 2, false, 3)
#undef TS_MOMENT

  // ---- norm: (self, p), (self, p?, dim, keepdim[, dtype]), (self, p?, dtype) ----
#define TS_NORM(ov, pa, da, ka)                                                                  \
  r.entry("norm", ov).grad("NormBackward1", "self result", TS_GRAD({                            \
    const Tensor& x = c.in(0);                                                                  \
    const double p = c.none(pa) ? 2.0 : c.scalar(pa).to_double();                               \
    auto dims = dims_of(c, da, x.dim());                                                         \
    const bool kd = (ka) >= 0 && c.flag(size_t(ka));                                            \
    return {norm_back(restore(c.grad(), dims, kd, x.dim()), x,                                   \
                      restore(c.result(), dims, kd, x.dim()), p, dims)};                         \
  }));
  TS_NORM("Scalar", 1, -1, -1)
  TS_NORM("ScalarOpt_dim", 1, 2, 3)
  TS_NORM("ScalarOpt_dim_dtype", 1, 2, 3)
  TS_NORM("ScalarOpt_dtype", 1, -1, -1)
#undef TS_NORM
  r.entry("cumsum").grad("CumsumBackward0", "", TS_GRAD({
    const int64_t d = wrap_dim(c.i64(1), c.grad().dim());
    return {c.grad().dim() == 0 ? c.grad() : rev_cumsum(c.grad(), d)};
  }));
  r.entry("cumprod").grad("CumprodBackward0", "self result", TS_GRAD({
    const Tensor& x = c.in(0);
    if (x.dim() == 0) return {c.grad()};
    const int64_t d = wrap_dim(c.i64(1), x.dim());
    TS_CHECK(!has_zero(x), "cumprod's backward for an input holding zeros is not implemented yet");
    return {rev_cumsum(c.grad() * c.result(), d) / x};
  }));
  r.entry("logsumexp").grad("LogsumexpBackward0", "self result", TS_GRAD({
    const Tensor& x = c.in(0);
    std::vector<int64_t> dims = c.ints(1);
    for (int64_t& dd : dims) dd = wrap_dim(dd, x.dim());
    std::sort(dims.begin(), dims.end());
    Tensor g = c.grad(), res = c.result();
    if (!c.flag(2) && x.dim() > 0)
      for (int64_t dd : dims) {
        g = unsqueeze(g, dd);
        res = unsqueeze(res, dd);
      }
    return {g * exp(x - res)};
  }));
  r.entry("cumsum_").grad(r.entry("cumsum").derivative);
  r.entry("cumprod_").grad(r.entry("cumprod").derivative);
}

}  // namespace ts
