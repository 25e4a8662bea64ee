// Unary pointwise ops: the float math family, same-dtype ops, predicates and clamp.
// The activation functions declared in api_unary.h are defined in activation.cpp.
#include <cmath>
#include <limits>

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
#define TS_UNARY_OP(n, ...) TS_DEF(n)
#define TS_UNARY_OP_NO_GRAD(n, ...) TS_DEF(n)
#include "stubs/unary_ops.def"
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

// Constants of the derivative formulas in stubs/unary_ops.def.
constexpr double kPi = 3.14159265358979323846;
constexpr double kLn2 = 0.69314718055994530942;
constexpr double kLn10 = 2.30258509299404568402;

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

// `same`, rejecting bool inputs as PyTorch's neg does.
Tensor run_negation(const Stub& stub, const Tensor& out, const Tensor& self) {
  check_not_bool(self, kNegBool);
  return run_same(stub, out, self);
}

}  // namespace

// The rows of stubs/unary_ops.def: X, X_out (pair) and X_ (trio) through the row's dtype rule.
#define TS_UNARY_DEF_pair(n, rule)                               \
  Tensor n(const Tensor& self) {                                 \
    TS_AUTOGRAD(#n, self);                                       \
    return run_##rule(n##_stub, {}, self);                       \
  }                                                              \
  Tensor n##_out(const Tensor& self, const Tensor& out) {        \
    TS_AUTOGRAD(#n ".out", self, out);                           \
    return run_##rule(n##_stub, out, self);                      \
  }
#define TS_UNARY_DEF_trio(n, rule)                               \
  TS_UNARY_DEF_pair(n, rule)                                     \
  Tensor n##_(const Tensor& self) {                              \
    TS_AUTOGRAD(#n "_", self);                                   \
    return run_##rule(n##_stub, self, self);                     \
  }
#define TS_UNARY_DEF_special(n, rule) TS_UNARY_DEF_pair(n, rule)
#define TS_UNARY_OP(n, rule, variants, ...) TS_UNARY_DEF_##variants(n, rule)
#define TS_UNARY_OP_NO_GRAD(n, rule, variants) TS_UNARY_DEF_##variants(n, rule)
#include "stubs/unary_ops.def"
#undef TS_UNARY_DEF_pair
#undef TS_UNARY_DEF_trio
#undef TS_UNARY_DEF_special

// sgn is sign for real tensors.
Tensor sgn(const Tensor& self) {
  TS_AUTOGRAD("sgn", self);
  return run_same(sign_stub, {}, self);
}
Tensor sgn_(const Tensor& self) {
  TS_AUTOGRAD("sgn_", self);
  return run_same(sign_stub, self, self);
}
Tensor sgn_out(const Tensor& self, const Tensor& out) {
  TS_AUTOGRAD("sgn.out", self, out);
  return run_same(sign_stub, out, self);
}

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
  using T1 = Tensor (*)(const Tensor&);
  using T1O = Tensor (*)(const Tensor&, const Tensor&);
#define TS_REG_pair(n, extra)                                                                         \
  r.def<static_cast<T1>(&n)>(#n "(Tensor self) -> Tensor") extra;                                     \
  r.def<static_cast<T1O>(&n##_out)>(#n ".out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)") extra;
#define TS_REG_trio(n, extra) \
  TS_REG_pair(n, extra)       \
  r.def<static_cast<T1>(&n##_)>(#n "_(Tensor(a!) self) -> Tensor(a!)") extra;
#define TS_REG_special(n, extra) TS_REG_pair(n, .variants("") extra)
#define TS_REG3(n, extra) TS_REG_trio(n, extra)
#define TS_UNARY_OP(n, rule, variants, node, saves, ...) \
  TS_REG_##variants(n, )                                  \
  r.grad_pair(#n, node, saves, TS_GRAD(__VA_ARGS__));
#define TS_UNARY_OP_NO_GRAD(n, rule, variants) TS_REG_##variants(n, .not_differentiable())
#include "stubs/unary_ops.def"
  TS_REG3(sgn, )
  r.grad_pair("sgn", "SgnBackward0", "", TS_GRAD({ return {zeros_like(c.grad())}; }));
  TS_REG3(square, )
  TS_REG3(relu, )
  r.grad_pair("relu", "ReluBackward0", "result",
              TS_GRAD({ return {c.grad() * gt(c.result(), Scalar(0.0))}; }));
  TS_REG3(logical_not, .not_differentiable())
#undef TS_REG3
#undef TS_REG_pair
#undef TS_REG_trio
#undef TS_REG_special
  r.def<&round_dec>("round.decimals(Tensor self, *, int decimals) -> Tensor")
      .grad("RoundBackward1", "", TS_GRAD({ return {zeros_like(c.grad())}; }));
  r.def<&round_dec_out>("round.decimals_out(Tensor self, *, int decimals, Tensor(a!) out) -> Tensor(a!)");
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

  // ---- derivatives of the entries above (the table rows carry their own) ----
  for (const char* n : {"square", "square_"}) r.entry(n).composite_op();  // pow records itself
  r.entry("round_", "decimals").grad(r.entry("round", "decimals").derivative);
  r.grad_pair("logit", "LogitBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    Tensor base = c.grad() / (x * (1.0 - x));
    if (c.none(1))
      return {where(logical_or(lt(x, Scalar(0.0)), gt(x, Scalar(1.0))),
                    Scalar(std::numeric_limits<double>::quiet_NaN()), base)};
    const double eps = c.f64(1);
    return {where(logical_or(lt(x, Scalar(eps)), gt(x, Scalar(1.0 - eps))), Scalar(0.0), base)};
  }));
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
      {"clip", ""}, {"clip", "Tensor"}, {"clip_", ""}, {"clip_", "Tensor"}, {"positive", ""}};
  for (const auto& [name, overload] : composites) r.entry(name, overload).composite_op();
  r.grad_pair("nan_to_num", "NanToNumBackward0", "self",
              TS_GRAD({ return {c.grad() * isfinite(c.in(0))}; }));
}

}  // namespace ts
