// Derivatives of the ops defined in unary.cpp and pointwise.cpp that are not yet attached where
// those ops are registered (PyTorch's derivatives.yaml formulas and node names): pow, the
// binary/ternary pointwise ops, clamps, where, remainder, logit, digamma, sinc, and the entries
// of those files that only call other differentiable ops. Every other family's derivatives
// live beside its ops; these attach after every family registered (TS_REGISTER_GRADS).
#include <cmath>
#include <limits>

#include "ops/grad_util.h"
#include "ops/ops.h"
#include "ops/registry.h"

namespace ts {

namespace {

using grad::zero_where;

Tensor zeros_of(const Tensor& g) { return zeros_like(g); }

}  // namespace

TS_REGISTER_GRADS(pointwise_grads) {
  {  // Entries that only call differentiable ops, which record themselves.
    const std::pair<const char*, const char*> composites[] = {
        {"pow", "Scalar"}, {"square", ""}, {"square_", ""}, {"true_divide", "Tensor"},
        {"true_divide", "Scalar"}, {"true_divide_", "Tensor"}, {"true_divide_", "Scalar"},
    };
    for (const auto& [name, overload] : composites) r.entry(name, overload).composite_op();
  }

  r.entry("round_", "decimals").grad(r.entry("round", "decimals").derivative);

  // ---- pow ----
  const ops::Derivative* pow_s = r.entry("pow", "Tensor_Scalar").grad("PowBackward0", "self", TS_GRAD({
    const Scalar e = c.scalar(1);
    if (e.to_double() == 0.0) return {zeros_like(c.grad())};
    return {c.grad() * (pow(c.in(0), Scalar(e.to_double() - 1.0)) * e)};
  })).derivative;
  r.entry("pow_", "Scalar").grad(pow_s);
  const ops::Derivative* pow_t =
      r.entry("pow", "Tensor_Tensor").grad("PowBackward1", "self exponent result", TS_GRAD({
        Tensor gs, gexp;
        if (c.need(0)) {
          // d/dx x^y = y * x^(y-1), taken as 0 where y == 0 (PyTorch's pow_backward_self).
          Tensor v = c.grad() * c.in(1) * pow(c.in(0), c.in(1) - 1.0);
          gs = where(eq(c.in(1), Scalar(0.0)), Scalar(0.0), v);
        }
        if (c.need(1)) {
          // d/dy x^y = x^y * log(x), taken as 0 where x == 0 and y >= 0.
          Tensor v = c.grad() * c.result() * log(c.in(0));
          gexp = where(logical_and(eq(c.in(0), Scalar(0.0)), ge(c.in(1), Scalar(0.0))), Scalar(0.0), v);
        }
        return {gs, gexp};
      })).derivative;
  r.entry("pow_", "Tensor").grad(pow_t);

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
}

}  // namespace ts
