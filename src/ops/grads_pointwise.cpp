// Derivatives of binary/ternary pointwise ops, logit, and the scans/products/logsumexp
// reductions and the remaining matrix-product family members (PyTorch's derivatives.yaml
// formulas and node names).
#include <cmath>
#include <limits>

#include "ops/ops.h"
#include "ops/registry.h"

namespace ts {

namespace {

using ops::BackwardCtx;

Tensor zero_where(const Tensor& mask, const Tensor& g) { return where(mask, Scalar(0.0), g); }

// Reverse cumulative sum along `dim`.
Tensor rev_cumsum(const Tensor& g, int64_t dim) {
  return flip(cumsum(flip(g, IntArrayRef(dim)), dim, std::nullopt), IntArrayRef(dim));
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

bool has_zero(const Tensor& x) { return x.numel() > 0 && any(eq(x, Scalar(0.0))).item<bool>(); }

}  // namespace

TS_REGISTER_GRADS(pointwise_grads) {
  const ops::Derivative* cs =
      r.entry("copysign", "Tensor").grad("CopysignBackward0", "self result", TS_GRAD({
        Tensor ratio = zero_where(eq(c.in(0), Scalar(0.0)), c.result() / c.in(0));
        return {TS_IF(0, c.grad() * ratio), TS_IF(1, zeros_like(c.grad()))};
      })).derivative;
  r.entry("copysign_", "Tensor").grad(cs);
  const ops::Derivative* fm =
      r.entry("fmod", "Tensor").grad("FmodBackward1", "self:other other:other", TS_GRAD({
        return {TS_IF(0, c.grad()),
                TS_IF(1, neg(c.grad()) * div(c.in(0), c.in(1), std::string("trunc")))};
      })).derivative;
  r.entry("fmod_", "Tensor").grad(fm);
  const ops::Derivative* xl =
      r.entry("xlogy", "Tensor").grad("XlogyBackward0", "self other", TS_GRAD({
        Tensor nz = ne(c.in(0), Scalar(0.0)).to(c.grad().dtype());
        return {TS_IF(0, c.grad() * xlogy(nz, c.in(1))), TS_IF(1, c.grad() * c.in(0) / c.in(1))};
      })).derivative;
  r.entry("xlogy_", "Tensor").grad(xl);
  const ops::Derivative* lerp_s = r.entry("lerp", "Scalar").grad("LerpBackward0", "", TS_GRAD({
    const double w = c.scalar(2).to_double();
    return {TS_IF(0, c.grad() * (1.0 - w)), TS_IF(1, c.grad() * w)};
  })).derivative;
  r.entry("lerp_", "Scalar").grad(lerp_s);
  const ops::Derivative* lerp_t =
      r.entry("lerp", "Tensor").grad("LerpBackward1", "self:weight end:weight weight", TS_GRAD({
        const Tensor& w = c.in(2);
        return {TS_IF(0, c.grad() * (1.0 - w)), TS_IF(1, c.grad() * w),
                TS_IF(2, c.grad() * (c.in(1) - c.in(0)))};
      })).derivative;
  r.entry("lerp_", "Tensor").grad(lerp_t);
  r.grad_pair("addcmul", "AddcmulBackward0", "tensor1:tensor2 tensor2:tensor1", TS_GRAD({
    const Scalar v = c.scalar(3);
    return {TS_IF(0, c.grad()), TS_IF(1, c.grad() * c.in(2) * v), TS_IF(2, c.grad() * c.in(1) * v)};
  }));
  r.grad_pair("addcdiv", "AddcdivBackward0", "tensor1:tensor2 tensor2", TS_GRAD({
    const Scalar v = c.scalar(3);
    const Tensor& t2 = c.in(2);
    return {TS_IF(0, c.grad()), TS_IF(1, c.grad() * v / t2),
            TS_IF(2, neg(c.grad()) * v * c.in(1) / (t2 * t2))};
  }));
  r.grad_pair("logit", "LogitBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    Tensor base = c.grad() / (x * (1.0 - x));
    if (c.none(1))
      return {where(logical_or(lt(x, Scalar(0.0)), gt(x, Scalar(1.0))),
                    Scalar(std::numeric_limits<double>::quiet_NaN()), base)};
    const double eps = c.f64(1);
    return {where(logical_or(lt(x, Scalar(eps)), gt(x, Scalar(1.0 - eps))), Scalar(0.0), base)};
  }));
  const ops::Derivative* mfs =
      r.entry("masked_fill", "Scalar").grad("MaskedFillBackward0", "mask", TS_GRAD({
        return {zero_where(c.in(1).to(DType::Bool), c.grad()), Tensor()};
      })).derivative;
  r.entry("masked_fill_", "Scalar").grad(mfs);
  const ops::Derivative* mft =
      r.entry("masked_fill", "Tensor").grad("MaskedFillBackward1", "mask", TS_GRAD({
        Tensor m = c.in(1).to(DType::Bool);
        return {TS_IF(0, zero_where(m, c.grad())), Tensor(),
                TS_IF(2, sum(where(m, c.grad(), Scalar(0.0))))};
      })).derivative;
  r.entry("masked_fill_", "Tensor").grad(mft);
  for (const char* o : {"Tensor_Tensor", "Tensor_Scalar", "Scalar"})
    r.entry("float_power", o).composite_op();
  for (const char* o : {"Tensor", "Scalar"}) r.entry("float_power_", o).composite_op();

  // ---- scans, products, logsumexp ----
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

  // ---- more products ----
  r.grad_pair("addmv", "AddmvBackward0", "mat:vec vec:mat", TS_GRAD({
    const Scalar beta = c.scalar(3), alpha = c.scalar(4);
    return {TS_IF(0, c.grad() * beta),
            TS_IF(1, mm(unsqueeze(c.grad(), 1), unsqueeze(c.in(2), 0)) * alpha),
            TS_IF(2, mv(t(c.in(1)), c.grad()) * alpha)};
  }));
  r.grad_pair("baddbmm", "BaddbmmBackward0", "batch1:batch2 batch2:batch1", TS_GRAD({
    const Scalar beta = c.scalar(3), alpha = c.scalar(4);
    return {TS_IF(0, c.grad() * beta), TS_IF(1, bmm(c.grad(), transpose(c.in(2), 1, 2)) * alpha),
            TS_IF(2, bmm(transpose(c.in(1), 1, 2), c.grad()) * alpha)};
  }));
  r.grad_pair("addbmm", "AddbmmBackward0", "batch1 batch2", TS_GRAD({
    const Scalar beta = c.scalar(3), alpha = c.scalar(4);
    const Tensor &b1 = c.in(1), &b2 = c.in(2);
    Tensor g = expand(unsqueeze(c.grad(), 0), {b1.size(0), c.grad().size(0), c.grad().size(1)});
    return {TS_IF(0, c.grad() * beta), TS_IF(1, bmm(g, transpose(b2, 1, 2)) * alpha),
            TS_IF(2, bmm(transpose(b1, 1, 2), g) * alpha)};
  }));
  r.entry("outer").grad("MulBackward0", "self:vec2 vec2:self", TS_GRAD({
    if (c.dtype(0) == c.dtype(1)) return {TS_IF(0, mv(c.grad(), c.in(1))), TS_IF(1, mv(t(c.grad()), c.in(0)))};
    // outer promotes mixed dtypes: mul's backward, each gradient in its input's dtype
    return {TS_IF(0, sum(c.grad() * unsqueeze(c.in(1), 0), IntArrayRef({1}), false).to(c.dtype(0))),
            TS_IF(1, sum(c.grad() * unsqueeze(c.in(0), 1), IntArrayRef({0}), false).to(c.dtype(1)))};
  }));
}

}  // namespace ts
