// Derivatives of min/max-style and statistical reductions, clamps, where, remainder and the
// vector/batched matrix products (PyTorch's derivatives.yaml formulas, with its node names).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "ops/ops.h"
#include "ops/registry.h"

namespace ts {

namespace {

using ops::BackwardCtx;

Tensor zeros_of(const Tensor& g) { return zeros_like(g); }

// Reduced dims of "int[1]? dim" at argument `arg` (None or [] = all), sorted and wrapped.
std::vector<int64_t> dims_of(const BackwardCtx& c, int arg, int64_t nd) {
  std::vector<int64_t> d;
  if (arg >= 0 && !c.none(size_t(arg))) d = c.ints(size_t(arg));
  if (d.empty()) {
    d.resize(size_t(nd));
    std::iota(d.begin(), d.end(), 0);
  }
  for (int64_t& x : d) x = wrap_dim(x, nd);
  std::sort(d.begin(), d.end());
  return d;
}

// A reduced tensor put back in the input's rank (keepdim=True shape).
Tensor restore(const Tensor& t, const std::vector<int64_t>& dims, bool keepdim, int64_t nd) {
  if (keepdim || nd == 0) return t;
  Tensor r = t;
  for (int64_t d : dims) r = unsqueeze(r, d);
  return r;
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

// PyTorch's norm_backward, with the reduced gradient and result already at the input's rank.
Tensor norm_back(const Tensor& g, const Tensor& x, const Tensor& res, double p,
                 const std::vector<int64_t>& dims) {
  if (p == 0.0) return zeros_like(x);
  if (p == 1.0) return g * sgn(x);
  if (p == 2.0) return where(eq(res, Scalar(0.0)), Scalar(0.0), g * x / res);
  if (std::isinf(p)) {
    Tensor mask = eq(abs(x), res).to(g.dtype());
    Tensor cnt = x.dim() == 0 ? mask : sum(mask, IntArrayRef(dims), true);
    return g * sgn(x) * mask / cnt;
  }
  Tensor v = x * pow(abs(x), Scalar(p - 2.0)) / pow(res, Scalar(p - 1.0));
  return where(eq(res, Scalar(0.0)), Scalar(0.0), g * v);
}

double correction_of(const BackwardCtx& c, int arg, bool is_unbiased_flag) {
  if (is_unbiased_flag) return c.flag(size_t(arg)) ? 1.0 : 0.0;
  return c.none(size_t(arg)) ? 1.0 : double(c.i64(size_t(arg)));
}

}  // namespace

TS_REGISTER_GRADS(reduce_grads) {
  // ---- clamps, maximum/minimum, where, remainder ----
  r.grad_pair("clamp", "ClampBackward1", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    Tensor keep = ones_like(x, DType::Bool);
    if (!c.none(1)) keep = logical_and(keep, ge(x, c.scalar(1)));
    if (!c.none(2)) keep = logical_and(keep, le(x, c.scalar(2)));
    return {where(keep, c.grad(), Scalar(0.0))};
  }));
  r.grad_pair("clamp_min", "ClampMinBackward0", "self", TS_GRAD({
    return {where(ge(c.in(0), c.scalar(1)), c.grad(), Scalar(0.0))};
  }));
  r.grad_pair("clamp_max", "ClampMaxBackward0", "self", TS_GRAD({
    return {where(le(c.in(0), c.scalar(1)), c.grad(), Scalar(0.0))};
  }));
  for (const char* n : {"clamp_min", "clamp_max"}) r.entry(n, "Tensor").composite_op();
  const ops::Derivative* clamp_t =
      r.entry("clamp", "Tensor").grad("ClampBackward0", "self min max", TS_GRAD({
        const Tensor& x = c.in(0);
        const Tensor lo = c.opt(1), hi = c.opt(2);
        Tensor keep = ones_like(x, DType::Bool);
        if (lo.defined()) keep = logical_and(keep, ge(x, lo));
        if (hi.defined()) keep = logical_and(keep, le(x, hi));
        // PyTorch's clamp_backward_min_max: with min > max the result is max everywhere.
        Tensor to_min = lo.defined() ? lt(x, lo) : Tensor();
        Tensor to_max = hi.defined() ? gt(x, hi) : Tensor();
        if (lo.defined() && hi.defined()) {
          to_min = logical_and(to_min, lt(lo, hi));
          to_max = logical_or(to_max, lt(hi, lo));
        }
        return {TS_IF(0, where(keep, c.grad(), Scalar(0.0))),
                TS_IF(1, where(to_min, c.grad(), Scalar(0.0))),
                TS_IF(2, where(to_max, c.grad(), Scalar(0.0)))};
      })).derivative;
  r.entry("clamp_", "Tensor").grad(clamp_t);
  r.entry("maximum").grad("MaximumBackward0", "self other", TS_GRAD({
    const Tensor &a = c.in(0), &b = c.in(1), &g = c.grad();
    Tensor half = g / 2.0;
    return {TS_IF(0, where(gt(a, b), g, where(eq(a, b), half, zeros_of(g)))),
            TS_IF(1, where(lt(a, b), g, where(eq(a, b), half, zeros_of(g))))};
  }));
  r.entry("minimum").grad("MinimumBackward0", "self other", TS_GRAD({
    const Tensor &a = c.in(0), &b = c.in(1), &g = c.grad();
    Tensor half = g / 2.0;
    return {TS_IF(0, where(lt(a, b), g, where(eq(a, b), half, zeros_of(g)))),
            TS_IF(1, where(gt(a, b), g, where(eq(a, b), half, zeros_of(g))))};
  }));
  r.entry("where", "self").grad("WhereBackward0", "condition", TS_GRAD({
    const Tensor& cond = c.in(0);
    return {Tensor(), TS_IF(1, where(cond, c.grad(), Scalar(0.0))),
            TS_IF(2, where(cond, Scalar(0.0), c.grad()))};
  }));
  for (const char* o : {"ScalarOther", "ScalarSelf", "Scalar"}) r.entry("where", o).composite_op();
  const ops::Derivative* rem =
      r.entry("remainder", "Tensor").grad("RemainderBackward0", "self:other other:other", TS_GRAD({
        return {TS_IF(0, c.grad()),
                TS_IF(1, neg(c.grad()) * div(c.in(0), c.in(1), std::string("floor")))};
      })).derivative;
  r.entry("remainder_", "Tensor").grad(rem);
  for (const char* n : {"remainder", "remainder_"}) r.entry(n, "Scalar").composite_op();

  // ---- max/min/amax/amin ----
  r.entry("max").grad("MaxBackward1", "self result", TS_GRAD({
    return {evenly(c.grad(), c.in(0), c.result(), dims_of(c, -1, c.in(0).dim()), false)};
  }));
  r.entry("min").grad("MinBackward1", "self result", TS_GRAD({
    return {evenly(c.grad(), c.in(0), c.result(), dims_of(c, -1, c.in(0).dim()), false)};
  }));
  r.entry("max", "dim").grad("MaxBackward0", "result", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(1), c.flag(2), c.sizes(0))};
  }));
  r.entry("min", "dim").grad("MinBackward0", "result", TS_GRAD({
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
  r.entry("cumsum_").grad(r.entry("cumsum").derivative);
  r.entry("cumprod_").grad(r.entry("cumprod").derivative);
  r.entry("addmm_").grad(r.entry("addmm").derivative);

  // ---- clamp_min/clamp_max with tensor bounds, and entries that only call other ops ----
  const ops::Derivative* cmin =
      r.entry("clamp_min", "Tensor").grad("ClampMinBackward1", "self min", TS_GRAD({
        Tensor keep = ge(c.in(0), c.in(1));
        return {TS_IF(0, where(keep, c.grad(), Scalar(0.0))), TS_IF(1, where(keep, Scalar(0.0), c.grad()))};
      })).derivative;
  r.entry("clamp_min_", "Tensor").grad(cmin);
  const ops::Derivative* cmax =
      r.entry("clamp_max", "Tensor").grad("ClampMaxBackward1", "self max", TS_GRAD({
        Tensor keep = le(c.in(0), c.in(1));
        return {TS_IF(0, where(keep, c.grad(), Scalar(0.0))), TS_IF(1, where(keep, Scalar(0.0), c.grad()))};
      })).derivative;
  r.entry("clamp_max_", "Tensor").grad(cmax);
  const std::pair<const char*, const char*> composites[] = {
      {"clip", ""}, {"clip", "Tensor"}, {"clip_", ""}, {"clip_", "Tensor"}, {"max", "other"},
      {"min", "other"}, {"positive", ""}, {"copysign", "Scalar"}, {"copysign_", "Scalar"},
      {"fmod", "Scalar"}, {"fmod_", "Scalar"}, {"xlogy", "Scalar_Other"}, {"xlogy", "Scalar_Self"},
      {"xlogy_", "Scalar_Other"}, {"remainder", "Scalar_Tensor"}};
  for (const auto& [name, overload] : composites) r.entry(name, overload).composite_op();
  r.grad_pair("nan_to_num", "NanToNumBackward0", "self",
              TS_GRAD({ return {c.grad() * isfinite(c.in(0))}; }));
  r.entry("fill_", "Tensor").grad("FillBackward1", "", TS_GRAD({
    return {TS_IF(0, zeros_like(c.grad())), TS_IF(1, sum(c.grad()))};
  }));
  r.grad_pair("digamma", "DigammaBackward0", "self",
              TS_GRAD({ return {c.grad() * polygamma(1, c.in(0))}; }));
  r.entry("polygamma").grad("PolygammaBackward0", "self", TS_GRAD({
    return {c.grad() * polygamma(c.i64(0) + 1, c.in(1))};
  }));
  r.grad_pair("i0", "I0Backward0", "self", TS_GRAD({ return {c.grad() * special_i1(c.in(0))}; }));
  // i1'(x) = i0(x) - i1(x) / x, and 1/2 at 0 (x is kept away from 0 as PyTorch does).
  r.entry("special_i1").grad("SpecialI1Backward0", "self result", TS_GRAD({
    const Tensor& x = c.in(0);
    const double eps = x.dtype() == DType::Float64 ? std::numeric_limits<double>::epsilon()
                                                   : double(std::numeric_limits<float>::epsilon());
    Tensor not_tiny = gt(abs(x), Scalar(eps));
    Tensor safe = where(not_tiny, x, Scalar(eps));
    Tensor d = i0(safe) - c.result() * reciprocal(safe);
    return {c.grad() * where(not_tiny, d, Scalar(0.5))};
  }));
  // renorm_backward: slices scaled by f = maxnorm / (norm + 1e-7) get f * (grad - nb / (norm + 1e-7)),
  // nb being norm's backward of sum(self * grad) over the slice.
  r.grad_pair("renorm", "RenormBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    const double p = c.scalar(1).to<double>();
    const int64_t d = c.i64(2) < 0 ? c.i64(2) + x.dim() : c.i64(2);
    const Scalar maxnorm = c.scalar(3);
    std::vector<int64_t> dims;
    for (int64_t i = 0; i < x.dim(); ++i)
      if (i != d) dims.push_back(i);
    Tensor nrm = norm(x, std::optional<Scalar>(c.scalar(1)), IntArrayRef(dims), true);
    Tensor go = sum(x * c.grad(), IntArrayRef(dims), true);
    Tensor nb = norm_back(go, x, nrm, p, dims);
    Tensor inv = reciprocal(nrm + 1e-7);
    Tensor factor = inv * maxnorm;
    return {where(gt(nrm, maxnorm), factor * (c.grad() - inv * nb), c.grad())};
  }));
  r.grad_pair("sinc", "SincBackward0", "self", TS_GRAD({
    const double pi = 3.14159265358979323846;
    Tensor px = c.in(0) * pi;
    Tensor d = (px * cos(px) - sin(px)) / (px * c.in(0));
    return {where(eq(c.in(0), Scalar(0.0)), Scalar(0.0), d) * c.grad()};
  }));

  // ---- products ----
  r.entry("dot").grad("DotBackward0", "self:tensor tensor:self", TS_GRAD({
    return {TS_IF(0, c.grad() * c.in(1)), TS_IF(1, c.grad() * c.in(0))};
  }));
  r.entry("mv").grad("MvBackward0", "self:vec vec:self", TS_GRAD({
    return {TS_IF(0, mm(unsqueeze(c.grad(), 1), unsqueeze(c.in(1), 0))),
            TS_IF(1, mv(t(c.in(0)), c.grad()))};
  }));
  r.entry("bmm").grad("BmmBackward0", "self:mat2 mat2:self", TS_GRAD({
    return {TS_IF(0, bmm(c.grad(), transpose(c.in(1), 1, 2))),
            TS_IF(1, bmm(transpose(c.in(0), 1, 2), c.grad()))};
  }));
}

}  // namespace ts
