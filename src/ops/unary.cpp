// Unary pointwise ops: the float math family, same-dtype ops, predicates and clamp.
// The activation functions declared in api_unary.h are defined in activation.cpp.
#include <cmath>

#include "ops/api_binary.h"
#include "ops/api_core.h"
#include "ops/api_pointwise.h"
#include "ops/api_unary.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/unary.h"
#include "tensor/iter.h"

namespace ts {

#define TS_DEF(n) TS_DEFINE_STUB(n##_stub);
TS_FLOAT_UNARY_OPS(TS_DEF)
TS_PLAIN_UNARY_OPS(TS_DEF)
TS_PREDICATE_OPS(TS_DEF)
#undef TS_DEF
TS_DEFINE_STUB(logit_stub);
TS_DEFINE_STUB(round_decimals_stub);
TS_DEFINE_STUB(nan_to_num_stub);
TS_DEFINE_STUB(clamp_scalar_stub);
TS_DEFINE_STUB(clamp_min_scalar_stub);
TS_DEFINE_STUB(clamp_max_scalar_stub);
TS_DEFINE_STUB(clamp_tensor_stub);

namespace {

using Stub = DispatchStub<void(TensorIter&)>;

// Float ops: integer and bool inputs compute in the default float dtype; out= may have any
// dtype the result can be cast to.
TensorIter float_iter(const Tensor& out, const Tensor& self) {
  return TensorIterConfig()
      .add_output(out)
      .add_input(self)
      .promote_inputs_to_common_dtype()
      .promote_integer_inputs_to_float()
      .cast_common_dtype_to_outputs()
      .build();
}

Tensor run_float(const Stub& stub, const Tensor& out, const Tensor& self) {
  auto it = float_iter(out, self);
  stub(it.device().type, it);
  return it.output();
}

// Same-dtype ops: out= must have the input's dtype ("Found dtype Long but expected Float").
TensorIter same_iter(const Tensor& out, const Tensor& self) {
  if (out.defined())
    TS_CHECK(out.dtype() == self.dtype(), "Found dtype ", scalar_type_name(out.dtype()),
             " but expected ", scalar_type_name(self.dtype()));
  return TensorIter::unary_op(out, self);
}

Tensor run_same(const Stub& stub, const Tensor& out, const Tensor& self) {
  auto it = same_iter(out, self);
  stub(it.device().type, it);
  return it.output();
}

// Bool-result predicates; out= may have another dtype unless `bool_out_only`.
Tensor run_predicate(const Stub& stub, const Tensor& out, const Tensor& self,
                     const char* bool_out_only = nullptr) {
  if (bool_out_only && out.defined())
    TS_CHECK(out.dtype() == DType::Bool, bool_out_only, " does not support non-boolean outputs.");
  auto it = TensorIterConfig()
                .add_output(out)
                .add_input(self)
                .output_dtype(DType::Bool)
                .cast_common_dtype_to_outputs()
                .build();
  stub(it.device().type, it);
  return it.output();
}

void check_not_bool(const Tensor& self, const char* msg) {
  TS_CHECK(self.dtype() != DType::Bool, msg);
}

constexpr const char* kNegBool =
    "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
    "mask, use the `~` or `logical_not()` operator instead.";

}  // namespace

#define TS_FLOAT_DEF(n)                                          \
  Tensor n(const Tensor& self) {                                 \
    TS_AUTOGRAD(#n, self);                                       \
    return run_float(n##_stub, {}, self);                        \
  }                                                              \
  Tensor n##_(const Tensor& self) {                              \
    TS_AUTOGRAD(#n "_", self);                                   \
    return run_float(n##_stub, self, self);                      \
  }                                                              \
  Tensor n##_out(const Tensor& self, const Tensor& out) {        \
    TS_AUTOGRAD(#n ".out", self, out);                           \
    return run_float(n##_stub, out, self);                       \
  }
TS_FLOAT_UNARY_OPS(TS_FLOAT_DEF)
#undef TS_FLOAT_DEF

// neg, abs, sign, ...: `check` runs first (PyTorch's bool errors).
#define TS_SAME_DEF(n, stub, check)                              \
  Tensor n(const Tensor& self) {                                 \
    TS_AUTOGRAD(#n, self);                                       \
    check;                                                       \
    return run_same(stub, {}, self);                             \
  }                                                              \
  Tensor n##_(const Tensor& self) {                              \
    TS_AUTOGRAD(#n "_", self);                                   \
    check;                                                       \
    return run_same(stub, self, self);                           \
  }                                                              \
  Tensor n##_out(const Tensor& self, const Tensor& out) {        \
    TS_AUTOGRAD(#n ".out", self, out);                           \
    check;                                                       \
    return run_same(stub, out, self);                            \
  }
TS_SAME_DEF(neg, neg_stub, check_not_bool(self, kNegBool))
TS_SAME_DEF(abs, abs_stub, (void)0)
TS_SAME_DEF(sign, sign_stub, (void)0)
TS_SAME_DEF(sgn, sign_stub, (void)0)
TS_SAME_DEF(floor, floor_stub, (void)0)
TS_SAME_DEF(ceil, ceil_stub, (void)0)
TS_SAME_DEF(round, round_stub, (void)0)
TS_SAME_DEF(trunc, trunc_stub, (void)0)
TS_SAME_DEF(frac, frac_stub, (void)0)
TS_SAME_DEF(bitwise_not, bitwise_not_stub, (void)0)
#undef TS_SAME_DEF

// square is pow(x, 2): bool promotes to int64.
Tensor square(const Tensor& self) { return pow(self, Scalar(int64_t(2))); }
Tensor square_(const Tensor& self) { return pow_(self, Scalar(int64_t(2))); }
Tensor square_out(const Tensor& self, const Tensor& out) { return pow_out(self, Scalar(int64_t(2)), out); }

// relu is clamp_min(x, 0).
Tensor relu(const Tensor& self) {
  TS_AUTOGRAD("relu", self);
  check_not_bool(self, "Boolean inputs not supported for relu");
  return clamp_min(self, Scalar(int64_t(0)));
}
Tensor relu_(const Tensor& self) {
  TS_AUTOGRAD("relu_", self);
  check_not_bool(self, "Boolean inputs not supported for relu");
  return clamp_min_(self, Scalar(int64_t(0)));
}
Tensor relu_out(const Tensor& self, const Tensor& out) {
  TS_AUTOGRAD("relu.out", self, out);
  check_not_bool(self, "Boolean inputs not supported for relu");
  return clamp_min_out(self, Scalar(int64_t(0)), out);
}

Tensor logical_not(const Tensor& self) { return run_predicate(logical_not_stub, {}, self); }
Tensor logical_not_(const Tensor& self) { return run_predicate(logical_not_stub, self, self); }
Tensor logical_not_out(const Tensor& self, const Tensor& out) {
  return run_predicate(logical_not_stub, out, self);
}
Tensor isnan(const Tensor& self) { return run_predicate(isnan_stub, {}, self); }
Tensor isnan_out(const Tensor& self, const Tensor& out) { return run_predicate(isnan_stub, out, self); }
Tensor isinf(const Tensor& self) { return run_predicate(isinf_stub, {}, self); }
Tensor isinf_out(const Tensor& self, const Tensor& out) { return run_predicate(isinf_stub, out, self); }
Tensor isfinite(const Tensor& self) { return run_predicate(isfinite_stub, {}, self); }
Tensor isposinf(const Tensor& self) { return run_predicate(isposinf_stub, {}, self); }
Tensor isposinf_out(const Tensor& self, const Tensor& out) {
  return run_predicate(isposinf_stub, out, self, "isposinf");
}
Tensor isneginf(const Tensor& self) { return run_predicate(isneginf_stub, {}, self); }
Tensor isneginf_out(const Tensor& self, const Tensor& out) {
  return run_predicate(isneginf_stub, out, self, "isneginf");
}
Tensor signbit(const Tensor& self) { return run_predicate(signbit_stub, {}, self); }
Tensor signbit_out(const Tensor& self, const Tensor& out) {
  return run_predicate(signbit_stub, out, self, "signbit");
}

Tensor positive(const Tensor& self) {
  TS_CHECK(self.dtype() != DType::Bool, "The `+` operator, on a bool tensor is not supported.");
  return self;
}

// ---- round(decimals=), logit, nan_to_num ----

namespace {
Tensor run_round_decimals(const Tensor& out, const Tensor& self, int64_t decimals) {
  // round.decimals has no integer shortcut: decimals=0 reaches round's float kernel.
  TS_CHECK(decimals != 0 || !is_integral(self.dtype(), true), "\"round_vml_cpu\" not implemented for '",
           scalar_type_name(self.dtype()), "'");
  auto it = same_iter(out, self);
  if (decimals == 0) round_stub(it.device().type, it);
  else round_decimals_stub(it.device().type, it, decimals);
  return it.output();
}
Tensor run_logit(const Tensor& out, const Tensor& self, std::optional<double> eps) {
  auto it = float_iter(out, self);
  logit_stub(it.device().type, it, eps ? *eps : -1.0);
  return it.output();
}
// Integer tensors have no NaN or infinity: the result is a copy.
Tensor run_nan_to_num(const Tensor& out, const Tensor& self, std::optional<double> nan,
                      std::optional<double> posinf, std::optional<double> neginf) {
  if (out.defined())
    TS_CHECK(out.dtype() == self.dtype(), "nan_to_num: dtype of out: ", scalar_type_name(out.dtype()),
             " should be same as input: ", scalar_type_name(self.dtype()));
  auto it = same_iter(out, self);
  if (is_integral(self.dtype(), true)) {
    if (!it.output().is_same(self)) copy_into(it.output(), self);
    return it.output();
  }
  nan_to_num_stub(it.device().type, it, nan, posinf, neginf);
  return it.output();
}
}  // namespace

Tensor round(const Tensor& self, int64_t decimals) {
  TS_AUTOGRAD("round.decimals", self, decimals);
  return run_round_decimals({}, self, decimals);
}
Tensor round_(const Tensor& self, int64_t decimals) {
  TS_AUTOGRAD("round_.decimals", self, decimals);
  return run_round_decimals(self, self, decimals);
}
Tensor round_out(const Tensor& self, int64_t decimals, const Tensor& out) {
  return run_round_decimals(out, self, decimals);
}
Tensor logit(const Tensor& self, std::optional<double> eps) {
  TS_AUTOGRAD("logit", self, eps);
  return run_logit({}, self, eps);
}
Tensor logit_(const Tensor& self, std::optional<double> eps) {
  TS_AUTOGRAD("logit_", self, eps);
  return run_logit(self, self, eps);
}
Tensor logit_out(const Tensor& self, std::optional<double> eps, const Tensor& out) {
  return run_logit(out, self, eps);
}
Tensor nan_to_num(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf) {
  TS_AUTOGRAD("nan_to_num", self, nan, posinf, neginf);
  return run_nan_to_num({}, self, nan, posinf, neginf);
}
Tensor nan_to_num_(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                   std::optional<double> neginf) {
  TS_AUTOGRAD("nan_to_num_", self, nan, posinf, neginf);
  return run_nan_to_num(self, self, nan, posinf, neginf);
}
Tensor nan_to_num_out(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                      std::optional<double> neginf, const Tensor& out) {
  return run_nan_to_num(out, self, nan, posinf, neginf);
}

// ---- clamp ----

namespace {

// The bounds take part in promotion as wrapped numbers (PyTorch 1.13).
TensorIter clamp_iter(const Tensor& out, const Tensor& self, const std::optional<Scalar>& lo,
                      const std::optional<Scalar>& hi) {
  auto cfg = TensorIterConfig().add_output(out).add_input(self).cast_common_dtype_to_outputs();
  Tensor parts[3] = {self};
  size_t n = 1;
  if (lo) parts[n++] = scalar_to_tensor(*lo);
  if (hi) parts[n++] = scalar_to_tensor(*hi);
  DType common = result_type(util::ArrayRef<Tensor>(parts, n));
  if (out.defined() && !out.is_same(self))  // out= does not cast here (in-place does, if safe)
    TS_CHECK(out.dtype() == common, "Found dtype ", scalar_type_name(out.dtype()), " but expected ",
             scalar_type_name(common));
  if (common != self.dtype()) cfg.common_dtype(common);
  // The kernels convert the bounds with PyTorch's checked conversion (uint8 max=300 is an error).
  for (const auto* bound : {&lo, &hi})
    if (*bound && !(bound->value().is_float() && std::isnan(bound->value().to_double())))
      check_scalar_fits(bound->value(), common);
  return cfg.build();
}

bool is_nan(const Scalar& s) { return s.is_float() && std::isnan(s.to_double()); }

Tensor run_clamp(const Tensor& out, const Tensor& self, const std::optional<Scalar>& lo,
                 const std::optional<Scalar>& hi) {
  TS_CHECK(lo || hi, "torch.clamp: At least one of 'min' or 'max' must not be None");
  auto it = clamp_iter(out, self, lo, hi);
  if (lo && hi) {
    if (is_nan(*lo) || is_nan(*hi)) {
      fill_(it.output(), std::nan(""));
      return it.output();
    }
    clamp_scalar_stub(it.device().type, it, *lo, *hi);
  } else if (hi) {
    clamp_max_scalar_stub(it.device().type, it, *hi);
  } else {
    clamp_min_scalar_stub(it.device().type, it, *lo);
  }
  return it.output();
}

// clamp_min / clamp_max with a NaN bound fill the result with NaN.
Tensor run_clamp_min(const Tensor& out, const Tensor& self, const Scalar& lo) {
  auto it = clamp_iter(out, self, lo, std::nullopt);
  if (is_nan(lo)) {
    fill_(it.output(), lo);
    return it.output();
  }
  clamp_min_scalar_stub(it.device().type, it, lo);
  return it.output();
}
Tensor run_clamp_max(const Tensor& out, const Tensor& self, const Scalar& hi) {
  auto it = clamp_iter(out, self, std::nullopt, hi);
  if (is_nan(hi)) {
    fill_(it.output(), hi);
    return it.output();
  }
  clamp_max_scalar_stub(it.device().type, it, hi);
  return it.output();
}

Tensor run_clamp_tensor(const Tensor& out, const Tensor& self, const Tensor& lo, const Tensor& hi) {
  TS_CHECK(lo.defined() || hi.defined(),
           "torch.clamp: At least one of 'min' or 'max' must not be None");
  if (!hi.defined()) return out.defined() ? maximum_out(self, lo, out) : maximum(self, lo);
  if (!lo.defined()) return out.defined() ? minimum_out(self, hi, out) : minimum(self, hi);
  auto it = TensorIterConfig()
                .add_output(out)
                .add_input(self)
                .add_input(lo)
                .add_input(hi)
                .promote_inputs_to_common_dtype()
                .cast_common_dtype_to_outputs()
                .build();
  clamp_tensor_stub(it.device().type, it);
  return it.output();
}

}  // namespace

Tensor clamp(const Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  TS_AUTOGRAD("clamp", self, min, max);
  return run_clamp({}, self, min, max);
}
Tensor clamp_(const Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  TS_AUTOGRAD("clamp_", self, min, max);
  return run_clamp(self, self, min, max);
}
Tensor clamp_out(const Tensor& self, const std::optional<Scalar>& min,
                 const std::optional<Scalar>& max, const Tensor& out) {
  return run_clamp(out, self, min, max);
}
Tensor clamp(const Tensor& self, const Tensor& min, const Tensor& max) {
  TS_AUTOGRAD("clamp.Tensor", self, min, max);
  return run_clamp_tensor({}, self, min, max);
}
Tensor clamp_(const Tensor& self, const Tensor& min, const Tensor& max) {
  TS_AUTOGRAD("clamp_.Tensor", self, min, max);
  return run_clamp_tensor(self, self, min, max);
}
Tensor clamp_out(const Tensor& self, const Tensor& min, const Tensor& max, const Tensor& out) {
  return run_clamp_tensor(out, self, min, max);
}
Tensor clamp_min(const Tensor& self, const Scalar& min) {
  TS_AUTOGRAD("clamp_min", self, min);
  return run_clamp_min({}, self, min);
}
Tensor clamp_min_(const Tensor& self, const Scalar& min) {
  TS_AUTOGRAD("clamp_min_", self, min);
  return run_clamp_min(self, self, min);
}
Tensor clamp_min_out(const Tensor& self, const Scalar& min, const Tensor& out) {
  return run_clamp_min(out, self, min);
}
Tensor clamp_min(const Tensor& self, const Tensor& min) {
  TS_AUTOGRAD("clamp_min.Tensor", self, min);
  return maximum(self, min);
}
Tensor clamp_min_(const Tensor& self, const Tensor& min) {
  TS_AUTOGRAD("clamp_min_.Tensor", self, min);
  return maximum_out(self, min, self);
}
Tensor clamp_min_out(const Tensor& self, const Tensor& min, const Tensor& out) {
  return maximum_out(self, min, out);
}
Tensor clamp_max(const Tensor& self, const Scalar& max) {
  TS_AUTOGRAD("clamp_max", self, max);
  return run_clamp_max({}, self, max);
}
Tensor clamp_max_(const Tensor& self, const Scalar& max) {
  TS_AUTOGRAD("clamp_max_", self, max);
  return run_clamp_max(self, self, max);
}
Tensor clamp_max_out(const Tensor& self, const Scalar& max, const Tensor& out) {
  return run_clamp_max(out, self, max);
}
Tensor clamp_max(const Tensor& self, const Tensor& max) {
  TS_AUTOGRAD("clamp_max.Tensor", self, max);
  return minimum(self, max);
}
Tensor clamp_max_(const Tensor& self, const Tensor& max) {
  TS_AUTOGRAD("clamp_max_.Tensor", self, max);
  return minimum_out(self, max, self);
}
Tensor clamp_max_out(const Tensor& self, const Tensor& max, const Tensor& out) {
  return minimum_out(self, max, out);
}

namespace {
// Unambiguous names for the overloads, for registration.
using OptS = std::optional<Scalar>;
Tensor round_dec(const Tensor& s, int64_t d) { return round(s, d); }
Tensor round_dec_(const Tensor& s, int64_t d) { return round_(s, d); }
Tensor round_dec_out(const Tensor& s, int64_t d, const Tensor& o) { return round_out(s, d, o); }
Tensor round0(const Tensor& s) { return round(s); }
Tensor round0_(const Tensor& s) { return round_(s); }
Tensor round0_out(const Tensor& s, const Tensor& o) { return round_out(s, o); }
Tensor clamp_s(const Tensor& s, const OptS& a, const OptS& b) { return clamp(s, a, b); }
Tensor clamp_s_(const Tensor& s, const OptS& a, const OptS& b) { return clamp_(s, a, b); }
Tensor clamp_s_out(const Tensor& s, const OptS& a, const OptS& b, const Tensor& o) {
  return clamp_out(s, a, b, o);
}
Tensor clamp_t(const Tensor& s, const Tensor& a, const Tensor& b) { return clamp(s, a, b); }
Tensor clamp_t_(const Tensor& s, const Tensor& a, const Tensor& b) { return clamp_(s, a, b); }
Tensor clamp_t_out(const Tensor& s, const Tensor& a, const Tensor& b, const Tensor& o) {
  return clamp_out(s, a, b, o);
}
#define TS_CLAMP_SIDE(n)                                                                     \
  Tensor n##_s(const Tensor& s, const Scalar& v) { return n(s, v); }                        \
  Tensor n##_s_(const Tensor& s, const Scalar& v) { return n##_(s, v); }                    \
  Tensor n##_s_out(const Tensor& s, const Scalar& v, const Tensor& o) { return n##_out(s, v, o); } \
  Tensor n##_t(const Tensor& s, const Tensor& v) { return n(s, v); }                        \
  Tensor n##_t_(const Tensor& s, const Tensor& v) { return n##_(s, v); }                    \
  Tensor n##_t_out(const Tensor& s, const Tensor& v, const Tensor& o) { return n##_out(s, v, o); }
TS_CLAMP_SIDE(clamp_min)
TS_CLAMP_SIDE(clamp_max)
#undef TS_CLAMP_SIDE
}  // namespace

TS_REGISTER_OPS(unary) {
#define TS_REG3(n, extra)                                                                   \
  r.def<static_cast<Tensor (*)(const Tensor&)>(&n)>(#n "(Tensor self) -> Tensor") extra;    \
  r.def<&n##_>(#n "_(Tensor(a!) self) -> Tensor(a!)") extra;                                \
  r.def<&n##_out>(#n ".out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)") extra;
#define TS_REG_FLOAT(n) TS_REG3(n, )
  TS_FLOAT_UNARY_OPS(TS_REG_FLOAT)
#undef TS_REG_FLOAT
  TS_REG3(neg, )
  TS_REG3(abs, )
  TS_REG3(sign, )
  TS_REG3(sgn, )
  TS_REG3(floor, )
  TS_REG3(ceil, )
  TS_REG3(trunc, )
  TS_REG3(frac, )
  TS_REG3(bitwise_not, .not_differentiable())
  TS_REG3(square, )
  TS_REG3(relu, )
  TS_REG3(logical_not, .not_differentiable())
#undef TS_REG3
  r.def<&round0>("round(Tensor self) -> Tensor");
  r.def<&round_dec>("round.decimals(Tensor self, *, int decimals) -> Tensor");
  r.def<&round0_out>("round.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&round_dec_out>("round.decimals_out(Tensor self, *, int decimals, Tensor(a!) out) -> Tensor(a!)");
  r.def<&round0_>("round_(Tensor(a!) self) -> Tensor(a!)");
  r.def<&round_dec_>("round_.decimals(Tensor(a!) self, *, int decimals) -> Tensor(a!)");
  r.def<&logit>("logit(Tensor self, float? eps=None) -> Tensor");
  r.def<&logit_out>("logit.out(Tensor self, float? eps=None, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&logit_>("logit_(Tensor(a!) self, float? eps=None) -> Tensor(a!)");
  r.def<&nan_to_num>("nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor");
  r.def<&nan_to_num_out>("nan_to_num.out(Tensor self, float? nan=None, float? posinf=None, float? neginf=None, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&nan_to_num_>("nan_to_num_(Tensor(a!) self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor(a!)");
  r.def<&isnan>("isnan(Tensor self) -> Tensor").not_differentiable();
  r.def<&isnan_out>("isnan.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&isinf>("isinf(Tensor self) -> Tensor").not_differentiable();
  r.def<&isinf_out>("isinf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&isfinite>("isfinite(Tensor self) -> Tensor").not_differentiable();
  r.def<&isposinf>("isposinf(Tensor self) -> Tensor").not_differentiable();
  r.def<&isposinf_out>("isposinf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&isneginf>("isneginf(Tensor self) -> Tensor").not_differentiable();
  r.def<&isneginf_out>("isneginf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&signbit>("signbit(Tensor self) -> Tensor").not_differentiable();
  r.def<&signbit_out>("signbit.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&positive>("positive(Tensor(a) self) -> Tensor(a)");

  r.def<&clamp_s>("clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor");
  r.def<&clamp_t>("clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor");
  r.def<&clamp_s_out>("clamp.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&clamp_t_out>("clamp.Tensor_out(Tensor self, Tensor? min=None, Tensor? max=None, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&clamp_s_>("clamp_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)");
  r.def<&clamp_t_>("clamp_.Tensor(Tensor(a!) self, Tensor? min=None, Tensor? max=None) -> Tensor(a!)");
  r.def<&clamp_s>("clip(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor");
  r.def<&clamp_t>("clip.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor");
  r.def<&clamp_s_out>("clip.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&clamp_t_out>("clip.Tensor_out(Tensor self, Tensor? min=None, Tensor? max=None, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&clamp_s_>("clip_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)");
  r.def<&clamp_t_>("clip_.Tensor(Tensor(a!) self, Tensor? min=None, Tensor? max=None) -> Tensor(a!)");
#define TS_REG_SIDE(n, arg)                                                                           \
  r.def<&n##_s>(#n "(Tensor self, Scalar " arg ") -> Tensor");                                        \
  r.def<&n##_t>(#n ".Tensor(Tensor self, Tensor " arg ") -> Tensor");                                 \
  r.def<&n##_s_out>(#n ".out(Tensor self, Scalar " arg ", *, Tensor(a!) out) -> Tensor(a!)");         \
  r.def<&n##_t_out>(#n ".Tensor_out(Tensor self, Tensor " arg ", *, Tensor(a!) out) -> Tensor(a!)");  \
  r.def<&n##_s_>(#n "_(Tensor(a!) self, Scalar " arg ") -> Tensor(a!)");                              \
  r.def<&n##_t_>(#n "_.Tensor(Tensor(a!) self, Tensor " arg ") -> Tensor(a!)");
  TS_REG_SIDE(clamp_min, "min")
  TS_REG_SIDE(clamp_max, "max")
#undef TS_REG_SIDE
}

}  // namespace ts

// ---- Derivatives (PyTorch's derivatives.yaml formulas) ----

namespace ts {
namespace {
constexpr double kPi = 3.14159265358979323846;
constexpr double kLn2 = 0.69314718055994530942;
constexpr double kLn10 = 2.30258509299404568402;
}  // namespace

TS_REGISTER_OPS(unary_grads) {
  r.grad_pair("neg", "NegBackward0", "", TS_GRAD({ return {neg(c.grad())}; }));
  r.grad_pair("abs", "AbsBackward0", "self", TS_GRAD({ return {c.grad() * sgn(c.in(0))}; }));
  for (const char* n : {"sign", "sgn", "floor", "ceil", "round", "trunc"}) {
    std::string node = std::string(1, char(n[0] - 'a' + 'A')) + (n + 1) + "Backward0";
    r.grad_pair(n, node, "", TS_GRAD({ return {zeros_like(c.grad())}; }));
  }
  r.entry("round", "decimals").grad("RoundBackward1", "", TS_GRAD({ return {zeros_like(c.grad())}; }));
  r.grad_pair("frac", "FracBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.grad_pair("relu", "ReluBackward0", "result",
              TS_GRAD({ return {c.grad() * gt(c.result(), Scalar(0.0))}; }));
  r.grad_pair("sqrt", "SqrtBackward0", "result",
              TS_GRAD({ return {c.grad() / (c.result() * 2.0)}; }));
  r.grad_pair("rsqrt", "RsqrtBackward0", "result",
              TS_GRAD({ return {c.grad() * pow(c.result(), Scalar(3.0)) * -0.5}; }));
  r.grad_pair("exp", "ExpBackward0", "result", TS_GRAD({ return {c.grad() * c.result()}; }));
  r.grad_pair("exp2", "Exp2Backward0", "result",
              TS_GRAD({ return {c.grad() * c.result() * kLn2}; }));
  r.grad_pair("expm1", "Expm1Backward0", "result",
              TS_GRAD({ return {c.grad() * (c.result() + 1.0)}; }));
  r.grad_pair("log", "LogBackward0", "self", TS_GRAD({ return {c.grad() / c.in(0)}; }));
  r.grad_pair("log2", "Log2Backward0", "self", TS_GRAD({ return {c.grad() / (c.in(0) * kLn2)}; }));
  r.grad_pair("log10", "Log10Backward0", "self",
              TS_GRAD({ return {c.grad() / (c.in(0) * kLn10)}; }));
  r.grad_pair("log1p", "Log1PBackward0", "self", TS_GRAD({ return {c.grad() / (c.in(0) + 1.0)}; }));
  r.grad_pair("sin", "SinBackward0", "self", TS_GRAD({ return {c.grad() * cos(c.in(0))}; }));
  r.grad_pair("cos", "CosBackward0", "self", TS_GRAD({ return {c.grad() * neg(sin(c.in(0)))}; }));
  r.grad_pair("tan", "TanBackward0", "result",
              TS_GRAD({ return {c.grad() * (pow(c.result(), Scalar(2.0)) + 1.0)}; }));
  r.grad_pair("tanh", "TanhBackward0", "result", TS_GRAD({
    return {c.grad() * (1.0 - c.result() * c.result())};
  }));
  r.grad_pair("sigmoid", "SigmoidBackward0", "result", TS_GRAD({
    return {(c.grad() * (1.0 - c.result())) * c.result()};
  }));
  r.grad_pair("reciprocal", "ReciprocalBackward0", "result",
              TS_GRAD({ return {c.grad() * neg(c.result() * c.result())}; }));
  r.grad_pair("asin", "AsinBackward0", "self",
              TS_GRAD({ return {c.grad() * rsqrt(1.0 - c.in(0) * c.in(0))}; }));
  r.grad_pair("acos", "AcosBackward0", "self",
              TS_GRAD({ return {c.grad() * neg(rsqrt(1.0 - c.in(0) * c.in(0)))}; }));
  r.grad_pair("atan", "AtanBackward0", "self",
              TS_GRAD({ return {c.grad() / (c.in(0) * c.in(0) + 1.0)}; }));
  r.grad_pair("sinh", "SinhBackward0", "self", TS_GRAD({ return {c.grad() * cosh(c.in(0))}; }));
  r.grad_pair("cosh", "CoshBackward0", "self", TS_GRAD({ return {c.grad() * sinh(c.in(0))}; }));
  r.grad_pair("asinh", "AsinhBackward0", "self",
              TS_GRAD({ return {c.grad() * rsqrt(pow(c.in(0), Scalar(2.0)) + 1.0)}; }));
  r.grad_pair("acosh", "AcoshBackward0", "self",
              TS_GRAD({ return {c.grad() * rsqrt(pow(c.in(0), Scalar(2.0)) - 1.0)}; }));
  r.grad_pair("atanh", "AtanhBackward0", "self",
              TS_GRAD({ return {c.grad() * reciprocal(1.0 - pow(c.in(0), Scalar(2.0)))}; }));
  r.grad_pair("erf", "ErfBackward0", "self", TS_GRAD({
    return {c.grad() * exp(neg(pow(c.in(0), Scalar(2.0)))) * (2.0 / std::sqrt(kPi))};
  }));
  r.grad_pair("erfc", "ErfcBackward0", "self", TS_GRAD({
    return {c.grad() * exp(neg(pow(c.in(0), Scalar(2.0)))) * (-2.0 / std::sqrt(kPi))};
  }));
  r.grad_pair("erfinv", "ErfinvBackward0", "self", TS_GRAD({
    return {c.grad() * exp(pow(erfinv(c.in(0)), Scalar(2.0))) * (0.5 * std::sqrt(kPi))};
  }));
  r.grad_pair("lgamma", "LgammaBackward0", "self", TS_GRAD({ return {c.grad() * digamma(c.in(0))}; }));
  r.grad_pair("deg2rad", "Deg2RadBackward0", "", TS_GRAD({ return {c.grad() * (kPi / 180.0)}; }));
  r.grad_pair("rad2deg", "Rad2DegBackward0", "", TS_GRAD({ return {c.grad() * (180.0 / kPi)}; }));
}

}  // namespace ts
