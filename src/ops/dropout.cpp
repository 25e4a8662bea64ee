// The feature and alpha dropouts: feature_dropout, alpha_dropout, feature_alpha_dropout
// (PyTorch 1.13's Dropout.cpp, _dropout_impl). Composites of differentiable ops drawing their
// mask with bernoulli_ from the default generator. Plain dropout is in nn.cpp.
#include <cmath>

#include "ops/api_nn.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/grad_mode.h"

namespace ts {

using namespace lnn;

namespace {

Tensor dropout_impl(const Tensor& input, double p, bool train, bool feature, bool alpha) {
  TS_CHECK(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got ", p);
  if (p == 0 || !train || input.numel() == 0) return input;
  if (p == 1) return input * zeros({}, options_of(input));
  Tensor noise;
  if (feature) {
    TS_CHECK(input.dim() >= 2, "Feature dropout requires at least 2 dimensions in the input");
    DimVector s(size_t(input.dim()), 1);
    s[0] = input.size(0);
    s[1] = input.size(1);
    noise = empty(s, options_of(input));
  } else {
    noise = empty(input.sizes(), options_of(input));
  }
  {
    GradModeGuard no_grad(false);
    bernoulli_(noise, 1 - p);
  }
  if (alpha) {
    constexpr double kAlpha = 1.7580993408473766;
    const double a = 1. / std::sqrt((kAlpha * kAlpha * p + 1) * (1 - p));
    Tensor b = (noise + (-1)) * (kAlpha * a) + kAlpha * a * p;
    Tensor out = input * (noise * a);
    return out + b;
  }
  return input * (noise / (1 - p));
}

void check_float_result(const Tensor& input) {
  TS_CHECK(is_floating(input.dtype()), "result type Float can't be cast to the desired output "
           "type ", scalar_type_name(input.dtype()));
}

}  // namespace

Tensor feature_dropout(const Tensor& input, double p, bool train) {
  if (train && p > 0 && p < 1 && input.numel() > 0 && input.dim() >= 2) check_float_result(input);
  return dropout_impl(input, p, train, true, false);
}
Tensor alpha_dropout(const Tensor& input, double p, bool train) {
  if (train && p > 0 && p < 1 && input.numel() > 0) check_float_result(input);
  return dropout_impl(input, p, train, false, true);
}
Tensor feature_alpha_dropout(const Tensor& input, double p, bool train) {
  if (train && p > 0 && p < 1 && input.numel() > 0 && input.dim() >= 2) check_float_result(input);
  return dropout_impl(input, p, train, true, true);
}

TS_REGISTER_OPS(dropout) {
  r.def<&feature_dropout>("feature_dropout(Tensor input, float p, bool train) -> Tensor").composite_op().variants("function");
  r.def<&alpha_dropout>("alpha_dropout(Tensor input, float p, bool train) -> Tensor").composite_op().variants("function");
  r.def<&feature_alpha_dropout>("feature_alpha_dropout(Tensor input, float p, bool train) -> Tensor").composite_op().variants("function");
}

}  // namespace ts
