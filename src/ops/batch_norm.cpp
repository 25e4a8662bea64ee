// native_batch_norm and its backward for float and double: the checks and outputs here, the
// loops in the batch-norm kernels (stubs/batch_norm.h; kernels/cpu/batch_norm.cpp says how they
// compute). The backward records a node of its own under create_graph
// (NativeBatchNormBackwardBackward0, PyTorch's batchnorm_double_backward).
#include <cmath>

#include "ops/derivative.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/batch_norm.h"

namespace ts {
using lnn::not_implemented;
using lnn::options_of;
namespace {

// PyTorch 1.13's batchnorm_double_backward (native_batch_norm_backward's derivative): the
// gradients of (grad_input, grad_weight, grad_bias) = backward(gO, x, gamma) with respect to
// x, gamma and gO, given their incoming gradients ggI, ggG, ggB. The batch statistics are read
// from save_mean/save_invstd (training) or the running statistics (evaluation); their
// dependence on x is part of the formula. Written with differentiable ops.
std::tuple<Tensor, Tensor, Tensor> bn_double_backward(const Tensor& x, const Tensor& gamma, const Tensor& ggI,
                                                      const Tensor& ggG, const Tensor& ggB, const Tensor& gO,
                                                      const Tensor& rm, const Tensor& rv, bool training,
                                                      double eps, const Tensor& save_mean,
                                                      const Tensor& save_invstd) {
  const int64_t nd = x.dim();
  DimVector dims{0};
  for (int64_t d = 2; d < nd; ++d) dims.push_back(d);
  DimVector view(size_t(nd), 1);
  view[1] = x.size(1);
  auto dim1 = [&](const Tensor& t) { return reshape(t, view); };
  auto sum1 = [&](const Tensor& t, bool keep = true) { return sum(t, IntArrayRef(dims), keep); };
  const bool affine = gamma.defined();
  Tensor gamma_e = affine ? dim1(gamma) : Tensor();
  auto times_gamma = [&](const Tensor& t) { return affine ? gamma_e * t : t; };
  double m = double(x.size(0));
  for (int64_t d = 2; d < nd; ++d) m *= double(x.size(d));
  Tensor mu = dim1(training ? save_mean : rm);
  Tensor xmu = x - mu;
  Tensor s12 = dim1(training ? save_invstd : pow(rv + eps, -0.5));
  Tensor s1 = pow(s12, 2), s32 = pow(s12, 3);
  Tensor xmu_s32 = xmu * s32;
  Tensor go_xmu_sum = sum1(gO * xmu), go_sum = sum1(gO);

  Tensor gI;
  if (ggI.defined() && training) {
    Tensor ggi_sum = sum1(ggI), ggi_xmu_sum = sum1(ggI * xmu);
    Tensor all_sub = ggi_sum * go_sum / m - sum1(gO * ggI) + s1 * go_xmu_sum * ggi_xmu_sum * (3.0 / m);
    Tensor t0 = xmu_s32 * all_sub / m;
    Tensor t1 = ggi_xmu_sum * s32 / m * (go_sum / m - gO);
    Tensor t2 = go_xmu_sum * s32 / m * (ggi_sum / m - ggI);
    gI = times_gamma(t0 + t1 + t2);
  }
  if (affine && ggG.defined()) {
    Tensor ggG_e = dim1(ggG);
    Tensor term = training ? ggG_e * (gO * s12 - s12 * go_sum / m - xmu_s32 * go_xmu_sum / m)
                           : ggG_e * s12 * gO;
    gI = gI.defined() ? gI + term : term;
  }
  // The first backward's grad_input for incoming gradient g (without gamma's factor).
  auto first_back = [&](const Tensor& g) {
    return s12 / m * (g * m - sum1(g) - xmu * s1 * sum1(g * xmu));
  };
  Tensor gG;
  if (affine && ggI.defined())
    gG = training ? sum1(ggI * first_back(gO), false) : sum1(ggI * gO * s12, false);
  Tensor ggO;
  if (ggI.defined()) ggO = training ? times_gamma(first_back(ggI)) : times_gamma(ggI * s12);
  if (affine && ggG.defined()) {
    Tensor term = dim1(ggG) * xmu * s12;
    ggO = ggO.defined() ? ggO + term : term;
  }
  if (affine && ggB.defined()) {
    Tensor term = expand(dim1(ggB), x.sizes());
    ggO = ggO.defined() ? ggO + term : term;
  }
  return {gI, gG, ggO};
}

bool bn_fast_dtype(DType t) { return t == DType::Float32 || t == DType::Float64; }

}  // namespace

TS_DEFINE_STUB(batch_norm_stub);
TS_DEFINE_STUB(batch_norm_backward_stub);

std::tuple<Tensor, Tensor, Tensor> native_batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                                     const Tensor& running_mean, const Tensor& running_var,
                                                     bool training, double momentum, double eps) {
  TS_AUTOGRAD("native_batch_norm", input, weight, bias, running_mean, running_var, training, momentum, eps);
  TS_CHECK(input.dim() >= 2, "batch_norm: expected an input with at least 2 dimensions, got ", input.dim());
  const DType t = input.dtype();
  if (!bn_fast_dtype(t)) not_implemented("native_batch_norm", t);
  for (const Tensor* p : {&weight, &bias, &running_mean, &running_var})
    TS_CHECK(!p->defined() || p->dtype() == t, "native_batch_norm: expected parameters of dtype ", dtype_name(t));
  TS_CHECK(training || (running_mean.defined() && running_var.defined()),
           "running_mean and running_var must be defined in evaluation mode");
  Tensor x = contiguous(input);
  const int64_t ch = x.size(1);
  Tensor out = empty(x.sizes(), options_of(x));
  Tensor save_mean = empty({training ? ch : 0}, options_of(x));
  Tensor save_invstd = empty({training ? ch : 0}, options_of(x));
  Tensor sm = training ? save_mean : empty({ch}, options_of(x));
  Tensor si = training ? save_invstd : empty({ch}, options_of(x));
  Tensor w = weight.defined() ? contiguous(weight) : Tensor(), b = bias.defined() ? contiguous(bias) : Tensor();
  if (x.numel() > 0) {
    batch_norm_stub(x.device().type, x, w, b, running_mean, running_var, training, momentum, eps, out,
                    sm, si);
  }
  return {out, save_mean, save_invstd};
}

std::tuple<Tensor, Tensor, Tensor> native_batch_norm_backward(const Tensor& grad_out, const Tensor& input,
                                                              const Tensor& weight, const Tensor& running_mean,
                                                              const Tensor& running_var, const Tensor& save_mean,
                                                              const Tensor& save_invstd, bool train, double eps,
                                                              std::array<bool, 3> mask) {
  if (GradMode::is_enabled() && ops::any_requires_grad(grad_out, input, weight, save_mean, save_invstd)) {
    // Recorded as NativeBatchNormBackwardBackward0 (double backward).
    static const ops::OpDef& op = ops::find_op("native_batch_norm_backward");
    auto opt = [](const Tensor& t) { return t.defined() ? IValue(t) : IValue(); };
    Stack s{IValue(grad_out), IValue(input), opt(weight), opt(running_mean), opt(running_var),
            opt(save_mean), opt(save_invstd), IValue(train), IValue(eps),
            IValue::list({IValue(mask[0]), IValue(mask[1]), IValue(mask[2])})};
    ops::autograd_hook()(op, s);
    auto get = [&](size_t i) { return s.at(i).is_tensor() ? s[i].to_tensor() : Tensor(); };
    return {get(0), get(1), get(2)};
  }
  const DType t = input.dtype();
  if (!bn_fast_dtype(t)) not_implemented("native_batch_norm_backward", t);
  Tensor x = contiguous(input), go = contiguous(grad_out);
  const int64_t ch = x.size(1);
  Tensor gi = mask[0] ? empty(x.sizes(), options_of(x)) : Tensor();
  Tensor gw = mask[1] ? empty({ch}, options_of(x)) : Tensor();
  Tensor gb = mask[2] ? empty({ch}, options_of(x)) : Tensor();
  Tensor w = weight.defined() ? contiguous(weight) : Tensor();
  if (x.numel() > 0) {
    batch_norm_backward_stub(x.device().type, go, x, w, running_mean, running_var, save_mean,
                             save_invstd, train, eps, gi, gw, gb);
  }
  return {gi, gw, gb};
}

TS_REGISTER_OPS(batch_norm) {
  ops::OpDef& bn = r.def<&native_batch_norm>("native_batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor)")
      .variants("function");
  ops::Derivative* bn_d = ops::make_derivative(bn, "NativeBatchNormBackward0", "input weight running_mean running_var result1 result2", TS_GRAD({
        auto [gi, gw, gb] = native_batch_norm_backward(c.grad(0), c.in(0), c.opt(1), c.opt(3), c.opt(4),
                                                       c.result(1), c.result(2), c.flag(5), c.f64(7),
                                                       {c.need(0), c.need(1), c.need(2)});
        return {gi, gw, gb, Tensor(), Tensor()};
      }));
  bn_d->nondiff_outputs = 0b110;  // save_mean, save_invstd (as in PyTorch, no history)
  bn.grad(bn_d);
  r.def("native_batch_norm_backward(Tensor grad_out, Tensor input, Tensor? weight, Tensor? running_mean, Tensor? running_var, Tensor? save_mean, Tensor? save_invstd, bool train, float eps, bool[3] output_mask) -> (Tensor, Tensor, Tensor)",
        [](Stack& s) {
          auto opt = [&](size_t i) { return s[i].is_none() ? Tensor() : s[i].to_tensor(); };
          auto mask = s[9].items();
          auto [gi, gw, gb] = native_batch_norm_backward(s[0].to_tensor(), s[1].to_tensor(), opt(2), opt(3), opt(4),
                                                         opt(5), opt(6), s[7].to_bool(), s[8].to_double(),
                                                         {mask[0].to_bool(), mask[1].to_bool(), mask[2].to_bool()});
          s.clear();
          for (Tensor* g : {&gi, &gw, &gb}) s.push_back(g->defined() ? IValue(*g) : IValue());
        })
      .variants("function")
      .grad("NativeBatchNormBackwardBackward0",
            "grad_out input weight running_mean running_var save_mean save_invstd", TS_GRAD({
        // Flat inputs: grad_out, input, weight, running_mean, running_var, save_mean, save_invstd.
        TS_CHECK(!c.need(5), "the derivative for 'native_batch_norm_backward save_mean' is not implemented.");
        TS_CHECK(!c.need(6), "the derivative for 'native_batch_norm_backward save_invstd' is not implemented.");
        // Only the outputs output_mask asked for exist (and have an incoming gradient).
        Tensor gg[3];
        const std::vector<IValue> mask = c.args[9].items();
        for (size_t i = 0, k = 0; i < 3; ++i)
          if (mask.at(i).to_bool() && k < c.grads.size()) gg[i] = c.grads[k++];
        auto [gi, gw, ggo] = bn_double_backward(c.in(1), c.opt(2), gg[0], gg[1], gg[2], c.in(0), c.opt(3),
                                                c.opt(4), c.flag(7), c.f64(8), c.opt(5), c.opt(6));
        return {TS_IF(0, ggo), TS_IF(1, gi), TS_IF(2, gw), Tensor(), Tensor(), Tensor(), Tensor()};
      }));
}

}  // namespace ts
