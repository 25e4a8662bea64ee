// Unary pointwise ops: math, rounding, predicates, clamp and the activation functions.
// Each op X has X(self), the in-place X_(self) and X_out(self, out) where PyTorch has them.
// Float ops (exp, sqrt, ...) compute integer and bool inputs in the default float dtype.
#pragma once

#include <optional>
#include <string>

#include "tensor/tensor.h"

namespace ts {

// X(self), X_(self), X_out(self, out): the rows of stubs/unary_ops.def, and the composites
// sgn (sign's kernel), square (pow(x, 2): bool gives int64), relu (clamp_min(x, 0)) and
// logical_not.
#define TS_UNARY_API_pair(n)    \
  Tensor n(const Tensor& self); \
  Tensor n##_out(const Tensor& self, const Tensor& out);
#define TS_UNARY_API_DECL(n) \
  TS_UNARY_API_pair(n)       \
  Tensor n##_(const Tensor& self);
#define TS_UNARY_API_trio(n) TS_UNARY_API_DECL(n)
#define TS_UNARY_API_special(n) TS_UNARY_API_pair(n)
#define TS_UNARY_OP(n, rule, variants, ...) TS_UNARY_API_##variants(n)
#define TS_UNARY_OP_NO_GRAD(n, rule, variants) TS_UNARY_API_##variants(n)
#include "stubs/unary_ops.def"
TS_UNARY_API_DECL(sgn)
TS_UNARY_API_DECL(square)
TS_UNARY_API_DECL(relu)
TS_UNARY_API_DECL(logical_not)
#undef TS_UNARY_API_DECL
#undef TS_UNARY_API_trio
#undef TS_UNARY_API_pair
#undef TS_UNARY_API_special

// round(decimals=): half to even at 10^-decimals (floating dtypes only).
Tensor round(const Tensor& self, int64_t decimals);
Tensor round_(const Tensor& self, int64_t decimals);
Tensor round_out(const Tensor& self, int64_t decimals, const Tensor& out);

// log(x / (1 - x)); with eps, x is first clamped to [eps, 1 - eps].
Tensor logit(const Tensor& self, std::optional<double> eps = std::nullopt);
Tensor logit_(const Tensor& self, std::optional<double> eps = std::nullopt);
Tensor logit_out(const Tensor& self, std::optional<double> eps, const Tensor& out);

Tensor nan_to_num(const Tensor& self, std::optional<double> nan = std::nullopt,
                  std::optional<double> posinf = std::nullopt,
                  std::optional<double> neginf = std::nullopt);
Tensor nan_to_num_(const Tensor& self, std::optional<double> nan = std::nullopt,
                   std::optional<double> posinf = std::nullopt,
                   std::optional<double> neginf = std::nullopt);
Tensor nan_to_num_out(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                      std::optional<double> neginf, const Tensor& out);

// Predicates with a bool result.
Tensor isnan(const Tensor& self);
Tensor isnan_out(const Tensor& self, const Tensor& out);
Tensor isinf(const Tensor& self);
Tensor isinf_out(const Tensor& self, const Tensor& out);
Tensor isfinite(const Tensor& self);
Tensor isposinf(const Tensor& self);
Tensor isposinf_out(const Tensor& self, const Tensor& out);
Tensor isneginf(const Tensor& self);
Tensor isneginf_out(const Tensor& self, const Tensor& out);
Tensor signbit(const Tensor& self);
Tensor signbit_out(const Tensor& self, const Tensor& out);

// +self: returns self itself (an error for bool, as in PyTorch).
Tensor positive(const Tensor& self);

// clamp with number bounds (at least one given) or tensor bounds (undefined = None).
// The result dtype promotes with the bounds: clamp(int tensor, 0.5) is float.
Tensor clamp(const Tensor& self, const std::optional<Scalar>& min,
             const std::optional<Scalar>& max = std::nullopt);
Tensor clamp_(const Tensor& self, const std::optional<Scalar>& min,
              const std::optional<Scalar>& max = std::nullopt);
Tensor clamp_out(const Tensor& self, const std::optional<Scalar>& min,
                 const std::optional<Scalar>& max, const Tensor& out);
Tensor clamp(const Tensor& self, const Tensor& min, const Tensor& max);
Tensor clamp_(const Tensor& self, const Tensor& min, const Tensor& max);
Tensor clamp_out(const Tensor& self, const Tensor& min, const Tensor& max, const Tensor& out);
Tensor clamp_min(const Tensor& self, const Scalar& min);
Tensor clamp_min_(const Tensor& self, const Scalar& min);
Tensor clamp_min_out(const Tensor& self, const Scalar& min, const Tensor& out);
Tensor clamp_min(const Tensor& self, const Tensor& min);
Tensor clamp_min_(const Tensor& self, const Tensor& min);
Tensor clamp_min_out(const Tensor& self, const Tensor& min, const Tensor& out);
Tensor clamp_max(const Tensor& self, const Scalar& max);
Tensor clamp_max_(const Tensor& self, const Scalar& max);
Tensor clamp_max_out(const Tensor& self, const Scalar& max, const Tensor& out);
Tensor clamp_max(const Tensor& self, const Tensor& max);
Tensor clamp_max_(const Tensor& self, const Tensor& max);
Tensor clamp_max_out(const Tensor& self, const Tensor& max, const Tensor& out);
// clip is clamp's alias.
inline Tensor clip(const Tensor& self, const std::optional<Scalar>& min,
                   const std::optional<Scalar>& max = std::nullopt) {
  return clamp(self, min, max);
}

// ---- Activations (torch.nn.functional) ----
// approximate: "none" (exact, with erf) or "tanh".
Tensor gelu(const Tensor& self, const std::string& approximate = "none");
Tensor gelu_(const Tensor& self, const std::string& approximate = "none");
Tensor gelu_out(const Tensor& self, const std::string& approximate, const Tensor& out);
Tensor silu(const Tensor& self);
Tensor silu_(const Tensor& self);
Tensor silu_out(const Tensor& self, const Tensor& out);
Tensor mish(const Tensor& self);
Tensor mish_(const Tensor& self);
Tensor mish_out(const Tensor& self, const Tensor& out);
Tensor softplus(const Tensor& self, const Scalar& beta = 1, const Scalar& threshold = 20);
Tensor softplus_out(const Tensor& self, const Scalar& beta, const Scalar& threshold,
                    const Tensor& out);
Tensor elu(const Tensor& self, const Scalar& alpha = 1, const Scalar& scale = 1,
           const Scalar& input_scale = 1);
Tensor elu_(const Tensor& self, const Scalar& alpha = 1, const Scalar& scale = 1,
            const Scalar& input_scale = 1);
Tensor elu_out(const Tensor& self, const Scalar& alpha, const Scalar& scale,
               const Scalar& input_scale, const Tensor& out);
Tensor selu(const Tensor& self);
Tensor selu_(const Tensor& self);
Tensor celu(const Tensor& self, const Scalar& alpha = 1.0);
Tensor celu_(const Tensor& self, const Scalar& alpha = 1.0);
Tensor celu_out(const Tensor& self, const Scalar& alpha, const Tensor& out);
Tensor leaky_relu(const Tensor& self, const Scalar& negative_slope = 0.01);
Tensor leaky_relu_(const Tensor& self, const Scalar& negative_slope = 0.01);
Tensor leaky_relu_out(const Tensor& self, const Scalar& negative_slope, const Tensor& out);
Tensor hardtanh(const Tensor& self, const Scalar& min_val = -1, const Scalar& max_val = 1);
Tensor hardtanh_(const Tensor& self, const Scalar& min_val = -1, const Scalar& max_val = 1);
Tensor hardtanh_out(const Tensor& self, const Scalar& min_val, const Scalar& max_val,
                    const Tensor& out);
Tensor relu6(const Tensor& self);
Tensor relu6_(const Tensor& self);
Tensor hardsigmoid(const Tensor& self);
Tensor hardsigmoid_(const Tensor& self);
Tensor hardsigmoid_out(const Tensor& self, const Tensor& out);
Tensor hardswish(const Tensor& self);
Tensor hardswish_(const Tensor& self);
Tensor hardswish_out(const Tensor& self, const Tensor& out);
// x <= threshold ? value : x
Tensor threshold(const Tensor& self, const Scalar& threshold, const Scalar& value);
Tensor threshold_(const Tensor& self, const Scalar& threshold, const Scalar& value);
Tensor threshold_out(const Tensor& self, const Scalar& threshold, const Scalar& value,
                     const Tensor& out);
Tensor log_sigmoid(const Tensor& self);
Tensor log_sigmoid_out(const Tensor& self, const Tensor& out);
// torch.nn.functional's compositions (no aten op of their own, so not in the registry).
Tensor softsign(const Tensor& self);    // x / (1 + |x|)
Tensor tanhshrink(const Tensor& self);  // x - tanh(x)

}  // namespace ts
