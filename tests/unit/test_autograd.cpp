// Autograd engine: values and messages checked against PyTorch 1.13 (the expected numbers were
// printed by the same program under /usr/bin/python3 with torch; the Python is in each comment),
// plus finite-difference gradient checks in float64 for every op with a derivative here.
#include <doctest/doctest.h>

#include <functional>
#include <limits>

#include "ts.h"
#include "test_util.h"

using namespace ts;
using test::check_close;
using test::error_of;
using test::pos;
using test::rnd;
using autograd::TensorList;

namespace {

Tensor vec(std::vector<double> v, DType t = DType::Float32) {
  Tensor r = empty({int64_t(v.size())}, TensorOptions(DType::Float64));
  for (size_t i = 0; i < v.size(); ++i) r.data<double>()[i] = v[i];
  return r.to(t);
}

// d(sum(f(x) * v))/dx by central differences, against autograd (and, with create_graph, the
// gradient of that gradient's sum against differences of the first gradient).
void gradcheck(const std::function<Tensor(const std::vector<Tensor>&)>& f,
               std::vector<Tensor> inputs, bool second_order = false) {
  for (Tensor& x : inputs) x = x.to(DType::Float64).detach().requires_grad_();
  Tensor out = f(inputs);
  manual_seed(7);
  Tensor v = randn(out.sizes(), TensorOptions(DType::Float64));
  auto scalar_of = [&](const std::vector<Tensor>& in) { return sum(mul(f(in), v)).item<double>(); };
  TensorList analytic = autograd::grad({sum(mul(out, v))}, inputs, {}, std::nullopt, second_order);
  const double eps = 1e-6;
  for (size_t k = 0; k < inputs.size(); ++k) {
    Tensor base = inputs[k].detach().contiguous();
    for (int64_t i = 0; i < base.numel(); ++i) {
      std::vector<Tensor> plus = inputs, minus = inputs;
      Tensor p = base.clone(), m = base.clone();
      p.data<double>()[i] += eps;
      m.data<double>()[i] -= eps;
      plus[k] = p;
      minus[k] = m;
      double numeric = (scalar_of(plus) - scalar_of(minus)) / (2 * eps);
      double got = analytic[k].contiguous().data<double>()[i];
      CHECK(got == doctest::Approx(numeric).epsilon(1e-5).scale(1.0));
    }
  }
  if (!second_order) return;
  // Second order: gradient of sum(grad_k) wrt the inputs vs differences of sum(grad_k).
  Tensor s = sum(analytic[0]);
  if (!s.requires_grad()) return;  // a gradient constant in x (linear ops)
  TensorList second = autograd::grad({s}, inputs, {}, std::nullopt, false, true);
  auto first_sum = [&](const std::vector<Tensor>& in) {
    std::vector<Tensor> req;
    for (const Tensor& t : in) req.push_back(t.detach().requires_grad_());
    Tensor o = f(req);
    return sum(autograd::grad({sum(mul(o, v))}, {req[0]})[0]).item<double>();
  };
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (!second[k].defined()) continue;
    Tensor base = inputs[k].detach().contiguous();
    for (int64_t i = 0; i < base.numel(); ++i) {
      std::vector<Tensor> plus = inputs, minus = inputs;
      Tensor p = base.clone(), m = base.clone();
      p.data<double>()[i] += eps;
      m.data<double>()[i] -= eps;
      plus[k] = p;
      minus[k] = m;
      double numeric = (first_sum(plus) - first_sum(minus)) / (2 * eps);
      CHECK(second[k].contiguous().data<double>()[i] ==
            doctest::Approx(numeric).epsilon(1e-4).scale(1.0));
    }
  }
}

}  // namespace

TEST_CASE("autograd: hessian-vector product from the seeds") {
  // a = torch.arange(5., requires_grad=True); b = a ** 4
  // gr, = torch.autograd.grad(b.sum(), [a], create_graph=True); hvp, = grad(gr.sum(), [a])
  Tensor a = arange(5.0).requires_grad_();
  Tensor b = pow(a, Scalar(4.0));
  TensorList gr = autograd::grad({sum(b)}, {a}, {}, std::nullopt, true);
  CHECK(repr(gr[0]) == "tensor([  0.,   4.,  32., 108., 256.], grad_fn=<MulBackward0>)");
  TensorList hvp = autograd::grad({sum(gr[0])}, {a});
  CHECK(repr(hvp[0]) == "tensor([  0.,  12.,  48., 108., 192.])");
  CHECK(repr(a) == "tensor([0., 1., 2., 3., 4.], requires_grad=True)");
}

TEST_CASE("autograd: 10*sin(x)**2 + tanh(x) from the seeds") {
  // x = torch.linspace(-3, 3, 100, requires_grad=True); f = 10*torch.sin(x)**2 + torch.tanh(x)
  Tensor x = linspace(-3, 3, 100).requires_grad_();
  Tensor f = 10.0 * pow(sin(x), Scalar(2)) + tanh(x);
  TensorList gr = autograd::grad({sum(f)}, {x});
  // print(f[:3], gr[:3]) and gr[50]
  CHECK(repr(f.slice(0, 0, 3)) == "tensor([-0.7959, -0.5911, -0.3188], grad_fn=<SliceBackward0>)");
  CHECK(repr(gr[0].slice(0, 0, 3)) == "tensor([2.8040, 3.9458, 5.0300])");
}

TEST_CASE("autograd: padded copy into a preallocated tensor (CopySlices)") {
  manual_seed(0);
  Tensor a = randn({5}).requires_grad_();
  Tensor b = randn({5}).requires_grad_();
  Tensor c = zeros({4, 7});
  c.select(0, 1).slice(0, 1, -1).copy_(a);
  c.select(0, 2).slice(0, 1, -1).copy_(b);
  CHECK(repr(c) ==
        "tensor([[ 0.0000,  0.0000,  0.0000,  0.0000,  0.0000,  0.0000,  0.0000],\n"
        "        [ 0.0000,  1.5410, -0.2934, -2.1788,  0.5684, -1.0845,  0.0000],\n"
        "        [ 0.0000, -1.3986,  0.4033,  0.8380, -0.7193, -0.4033,  0.0000],\n"
        "        [ 0.0000,  0.0000,  0.0000,  0.0000,  0.0000,  0.0000,  0.0000]],\n"
        "       grad_fn=<CopySlices>)");
  TensorList g = autograd::grad({sum(c)}, {a, b});
  check_close(g[0], {1, 1, 1, 1, 1});
  check_close(g[1], {1, 1, 1, 1, 1});
  // Weighted: gradient picks the written window out of the base's gradient.
  TensorList g2 = autograd::grad({sum(mul(c, arange(28.0).view({4, 7})))}, {a});
  check_close(g2[0], {8, 9, 10, 11, 12});
}

TEST_CASE("autograd: in-place modification of a saved tensor") {
  // a = torch.randn(5, requires_grad=True); b1 = a + 1; b2 = b1 ** 2; b1 += 1
  Tensor a = randn({5}).requires_grad_();
  Tensor b1 = a + 1.0;
  Tensor b2 = pow(b1, Scalar(2));
  add_(b1, scalar_to_tensor(1));
  CHECK(error_of([&] { autograd::grad({sum(b2)}, {a}); }) ==
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation: [torch.FloatTensor [5]], which is output 0 of AddBackward0, is at version 1; "
        "expected version 0 instead. Hint: enable anomaly detection to find the operation that "
        "failed to compute its gradient, with torch.autograd.set_detect_anomaly(True).");
  // The same in-place write where the backward does not need the old value works.
  Tensor c1 = a + 1.0;
  Tensor c2 = c1 + 1.0;
  add_(c1, scalar_to_tensor(1));
  check_close(autograd::grad({sum(c2)}, {a})[0], {1, 1, 1, 1, 1});
  // Saved outputs: y = x.exp(); y.add_(1) -> "output 0 of ExpBackward0".
  Tensor x = randn({3}).requires_grad_();
  Tensor y = exp(x);
  add_(y, scalar_to_tensor(1));
  CHECK(error_of([&] { sum(y).backward(); }).find("[torch.FloatTensor [3]], which is output 0 of "
                                                    "ExpBackward0, is at version 1; expected "
                                                    "version 0 instead.") != std::string::npos);
}

TEST_CASE("autograd: differentiable_round (the detach trick)") {
  manual_seed(1);
  Tensor a = randn({5}).requires_grad_();
  Tensor b = round(a);
  check_close(autograd::grad({sum(b)}, {a})[0], {0, 0, 0, 0, 0});
  Tensor c = a + (b - a).detach();
  CHECK(equal(c, b));
  check_close(autograd::grad({sum(c)}, {a})[0], {1, 1, 1, 1, 1});
}

TEST_CASE("autograd: leaves accumulate, non-leaves retain only on request") {
  Tensor x = ones({3}).requires_grad_();
  Tensor y = mul(x, x);
  y.backward(ones({3}), true);
  check_close(x.grad(), {2, 2, 2});
  y.backward(ones({3}));
  check_close(x.grad(), {4, 4, 4});
  CHECK(!y.grad().defined());
  CHECK(x.is_leaf());
  CHECK(!y.is_leaf());
  CHECK(y.grad_fn_name() == "MulBackward0");

  Tensor z = mul(x, x);
  z.retain_grad();
  Tensor w = sum(mul(z, scalar_to_tensor(3.0)));
  w.backward();
  check_close(z.grad(), {3, 3, 3});
}

TEST_CASE("autograd: a diamond and a shared leaf") {
  // a = torch.tensor([1., 2.], requires_grad=True); b = a * 2; c = a * 3; d = b * c; d.sum()
  Tensor a = vec({1, 2}).requires_grad_();
  Tensor b = a * 2.0;
  Tensor c = a * 3.0;
  Tensor d = b * c;
  sum(d).backward();
  check_close(a.grad(), {12, 24});
  Tensor e = a * a * a;  // the same leaf three times
  check_close(autograd::grad({sum(e)}, {a})[0], {3, 12});
}

TEST_CASE("autograd: PyTorch's error messages") {
  Tensor x = ones({3}).requires_grad_();
  Tensor y = x * 2.0;
  CHECK(error_of([&] { y.backward(); }) == "grad can be implicitly created only for scalar outputs");
  CHECK(error_of([&] { sum(ones({3})).backward(); }) ==
        "element 0 of tensors does not require grad and does not have a grad_fn");
  CHECK(error_of([&] { y.backward(ones({2})); }) ==
        "Mismatch in shape: grad_output[0] has a shape of torch.Size([2]) and output[0] has a "
        "shape of torch.Size([3]).");
  CHECK(error_of([&] { autograd::grad({sum(y)}, {ones({2})}); }) ==
        "One of the differentiated Tensors does not require grad");
  Tensor unused = ones({2}).requires_grad_();
  CHECK(error_of([&] { autograd::grad({sum(y)}, {unused}); }) ==
        "One of the differentiated Tensors appears to not have been used in the graph. Set "
        "allow_unused=True if this is the desired behavior.");
  CHECK(!autograd::grad({sum(y)}, {unused}, {}, std::nullopt, false, true)[0].defined());
  CHECK(error_of([&] { y.requires_grad_(false); }).starts_with(
      "you can only change requires_grad flags of leaf variables."));
  CHECK(error_of([&] { arange(3).requires_grad_(); }) ==
        "only Tensors of floating point dtype can require gradients");
  CHECK(error_of([&] { add_(x, scalar_to_tensor(1)); }) ==
        "a leaf Variable that requires grad is being used in an in-place operation.");
  CHECK(error_of([&] { mul_(x.slice(0, 0, 2), scalar_to_tensor(2)); }) ==
        "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  CHECK(error_of([&] { add_out(x, x, 1, empty({3})); }) ==
        "add(): functions with out=... arguments don't support automatic differentiation, but "
        "one of the arguments requires grad.");
  Tensor z = exp(x);
  sum(z).backward();
  CHECK(error_of([&] { sum(z).backward(); }).starts_with(
      "Trying to backward through the graph a second time"));
  // PyTorch 1.13 has no derivative for aminmax either: backward raises its message.
  Tensor n = ops::call("aminmax", {x})[0].to_tensor();
  CHECK(n.requires_grad());
  CHECK(error_of([&] { sum(n).backward(); }) == "derivative for aten::aminmax is not implemented");
}

TEST_CASE("autograd: grad mode") {
  Tensor a = randn({5, 5}).requires_grad_();
  {
    NoGradGuard g;
    Tensor b = a * 2.0;
    Tensor c = a.slice(0, 0, 2).slice(1, 0, 2);
    CHECK(!b.requires_grad());
    CHECK(c.requires_grad());  // a view of a tensor that requires grad (PyTorch's seed example)
    CHECK(repr(b).find("requires_grad") == std::string::npos);
    {
      EnableGradGuard e;
      CHECK((a * 2.0).requires_grad());
    }
  }
  CHECK((a * 2.0).requires_grad());
  // A view made in no-grad mode must not be written in place with grad mode on.
  Tensor b = a * 1.0;
  Tensor v;
  {
    NoGradGuard g;
    v = b.slice(0, 0, 2);
  }
  CHECK(error_of([&] { mul_(v, scalar_to_tensor(2)); }).starts_with(
      "A view was created in no_grad mode and is being modified inplace with grad mode enabled."));
  Tensor d = (a * 2.0).detach();
  CHECK(!d.requires_grad());
  CHECK(d.is_leaf());
}

TEST_CASE("autograd: hooks") {
  Tensor x = vec({1, 2, 3}).requires_grad_();
  Tensor y = x * 2.0;
  std::vector<double> seen;
  autograd::register_hook(y, [&](const Tensor& g) {
    seen.push_back(sum(g).item<double>());
    return g * 10.0;  // replaces the gradient
  });
  int accumulated = 0;
  autograd::register_post_accumulate_grad_hook(x, [&](const Tensor& t) {
    accumulated += 1;
    CHECK(t.grad().defined());
  });
  sum(y).backward();
  CHECK(seen == std::vector<double>{3});
  check_close(x.grad(), {20, 20, 20});
  CHECK(accumulated == 1);
  autograd::register_hook(x, [](const Tensor& g) { return g * 0.5; });
  sum(x * 1.0).backward();
  check_close(x.grad(), {20.5, 20.5, 20.5});
}

TEST_CASE("autograd: anomaly mode names the op that made NaN") {
  autograd::AnomalyGuard on;
  Tensor x = vec({0.0, 1.0}).requires_grad_();
  Tensor y = sqrt(x);           // d/dx sqrt(x) at 0 is inf; times 0 below gives nan
  Tensor z = mul(y, vec({0.0, 1.0}));
  std::string e = error_of([&] { sum(z).backward(); });
  CHECK(e.find("Function 'SqrtBackward0' returned nan values in its 0th output.") == 0);
  CHECK(e.find("sqrt") != std::string::npos);
}

TEST_CASE("autograd: printing grad_fn as PyTorch") {
  Tensor x = ones({3}).requires_grad_();
  CHECK(repr(x + x) == "tensor([2., 2., 2.], grad_fn=<AddBackward0>)");
  CHECK(repr(x * 2.0) == "tensor([2., 2., 2.], grad_fn=<MulBackward0>)");
  CHECK(repr(sum(x)) == "tensor(3., grad_fn=<SumBackward0>)");
  CHECK(repr(sum(x, 0)) == "tensor(3., grad_fn=<SumBackward1>)");
  CHECK(repr(mean(x)) == "tensor(1., grad_fn=<MeanBackward0>)");
  CHECK(repr(x.select(0, 1)) == "tensor(1., grad_fn=<SelectBackward0>)");
  CHECK(repr(x.view({3, 1})).ends_with("grad_fn=<ViewBackward0>)"));
  CHECK(repr(exp(x)).ends_with("grad_fn=<ExpBackward0>)"));
  CHECK(repr(pow(x, Scalar(2))).ends_with("grad_fn=<PowBackward0>)"));
  CHECK(repr(pow(x, x)).ends_with("grad_fn=<PowBackward1>)"));
  CHECK(repr(x.clone()).ends_with("grad_fn=<CloneBackward0>)"));
  CHECK(repr(x.t()).ends_with("grad_fn=<TBackward0>)"));
  CHECK(repr(relu(x)).ends_with("grad_fn=<ReluBackward0>)"));
  CHECK(repr(x.to(DType::Float64)).ends_with("grad_fn=<ToCopyBackward0>)"));
}

TEST_CASE("gradcheck: pointwise") {
  using V = std::vector<Tensor>;
  auto un = [&](Tensor (*fn)(const Tensor&), Tensor x) {
    gradcheck([fn](const V& in) { return fn(in[0]); }, {x}, true);
  };
  for (auto fn : {&neg, &exp, &sin, &cos, &tanh, &sigmoid, &atan, &sinh, &cosh, &asinh, &erf,
                  &erfc, &expm1, &exp2, &deg2rad, &rad2deg, &frac})
    un(fn, rnd({2, 3}));
  for (auto fn : {&sqrt, &rsqrt, &log, &log2, &log10, &log1p, &reciprocal, &tan})
    un(fn, pos({2, 3}));
  for (auto fn : {&asin, &acos, &atanh, &erfinv}) un(fn, pos({2, 3}, -0.8, 0.8));
  un(&acosh, pos({2, 3}, 1.5, 3.0));
  // lgamma: first order only (its second derivative needs polygamma).
  gradcheck([](const V& in) { return lgamma(in[0]); }, {pos({2, 3})});
  un(&abs, rnd({2, 3}));
  un(&relu, rnd({2, 3}));
  gradcheck([](const V& in) { return add(in[0], in[1], 2.5); }, {rnd({2, 3}), pos({3})}, true);
  gradcheck([](const V& in) { return sub(in[0], in[1], 0.5); }, {rnd({2, 3}), pos({2, 1})}, true);
  gradcheck([](const V& in) { return mul(in[0], in[1]); }, {rnd({2, 3}), pos({3})}, true);
  gradcheck([](const V& in) { return div(in[0], in[1]); }, {rnd({2, 3}), pos({2, 3})}, true);
  gradcheck([](const V& in) { return pow(in[0], Scalar(3.0)); }, {rnd({4})}, true);
  gradcheck([](const V& in) { return pow(in[0], Scalar(2.5)); }, {pos({4})}, true);
  gradcheck([](const V& in) { return pow(in[0], in[1]); }, {pos({2, 3}), rnd({2, 3})}, true);
}

TEST_CASE("gradcheck: reductions, views, joins") {
  using V = std::vector<Tensor>;
  gradcheck([](const V& in) { return sum(in[0]); }, {rnd({2, 3})}, true);
  gradcheck([](const V& in) { return sum(in[0], {1}, false); }, {rnd({2, 3, 2})}, true);
  gradcheck([](const V& in) { return sum(in[0], {0, 2}, true); }, {rnd({2, 3, 2})}, true);
  gradcheck([](const V& in) { return mean(in[0]); }, {rnd({2, 3})}, true);
  gradcheck([](const V& in) { return mean(in[0], {-1}, false); }, {rnd({2, 3})}, true);
  gradcheck([](const V& in) { return mul(in[0].view({3, 2}), in[0].t().reshape({3, 2})); },
            {rnd({2, 3})}, true);
  gradcheck([](const V& in) { return in[0].permute({2, 0, 1}).unsqueeze(1).squeeze(1); },
            {rnd({2, 3, 2})}, true);
  gradcheck([](const V& in) { return in[0].transpose(0, 1).select(0, 1).expand({4, 2}); },
            {rnd({2, 3})}, true);
  gradcheck([](const V& in) { return in[0].slice(1, 1, 3); }, {rnd({2, 4})}, true);
  gradcheck([](const V& in) { return cat({in[0], in[1]}, 1); }, {rnd({2, 3}), pos({2, 2})}, true);
  gradcheck([](const V& in) { return stack({in[0], in[1]}, 0); }, {rnd({2, 3}), pos({2, 3})}, true);
  gradcheck([](const V& in) { return mul(in[0].clone(), in[0].contiguous()); }, {rnd({3})}, true);
}

TEST_CASE("gradcheck: matrix products, softmax, losses") {
  using V = std::vector<Tensor>;
  gradcheck([](const V& in) { return mm(in[0], in[1]); }, {rnd({2, 3}), pos({3, 4})}, true);
  gradcheck([](const V& in) { return matmul(in[0], in[1]); }, {rnd({3}), pos({3})}, true);
  gradcheck([](const V& in) { return matmul(in[0], in[1]); }, {rnd({2, 3}), pos({3})}, true);
  gradcheck([](const V& in) { return matmul(in[0], in[1]); }, {rnd({3}), pos({3, 2})}, true);
  gradcheck([](const V& in) { return matmul(in[0], in[1]); }, {rnd({2, 2, 3}), pos({3, 2})}, true);
  gradcheck([](const V& in) { return addmm(in[0], in[1], in[2], 0.5, 2.0); },
            {rnd({4}), rnd({2, 3}), pos({3, 4})}, true);
  gradcheck([](const V& in) { return linear(in[0], in[1], in[2]); },
            {rnd({2, 3}), pos({4, 3}), rnd({4})}, true);
  gradcheck([](const V& in) { return linear(in[0], in[1], Tensor()); },
            {rnd({2, 2, 3}), pos({4, 3})}, true);
  gradcheck([](const V& in) { return softmax(in[0], 1, std::nullopt); }, {rnd({2, 4})}, true);
  gradcheck([](const V& in) { return log_softmax(in[0], 0, std::nullopt); }, {rnd({3, 2})}, true);
  Tensor target = arange(2).to(DType::Int64);
  gradcheck([&](const V& in) { return nll_loss(log_softmax(in[0], 1, std::nullopt), target); },
            {rnd({2, 3})}, true);
  gradcheck([](const V& in) { return mse_loss(in[0], in[1]); }, {rnd({2, 3}), pos({2, 3})}, true);
}

TEST_CASE("autograd: a 2-layer network trains as in PyTorch") {
  // torch.manual_seed(0); w1 = torch.randn(1, 10, requires_grad=True); b1 = torch.randn(10, ...)
  // w2 = torch.randn(10, 1, ...); b2 = torch.randn(1, ...); then 3 steps of
  // x = torch.randn(10, 1); loss = ((torch.tanh(x @ w1 + b1) @ w2 + b2 - torch.sin(2*x))**2).sum()
  // grads = torch.autograd.grad(loss, params); p -= 1e-2 * g under no_grad; print(loss.item())
  manual_seed(0);
  Tensor w1 = randn({1, 10}).requires_grad_(), b1 = randn({10}).requires_grad_();
  Tensor w2 = randn({10, 1}).requires_grad_(), b2 = randn({1}).requires_grad_();
  std::vector<Tensor> params{w1, b1, w2, b2};
  std::vector<double> losses;
  for (int i = 0; i < 3; ++i) {
    Tensor x = randn({10, 1});
    Tensor target = sin(x * 2.0);
    Tensor pred = matmul(tanh(matmul(x, w1) + b1), w2) + b2;
    Tensor loss = sum(pow(pred - target, Scalar(2)));
    TensorList grads = autograd::grad({loss}, params);
    NoGradGuard g;
    for (size_t k = 0; k < params.size(); ++k) sub_(params[k], grads[k] * 1e-2);
    losses.push_back(loss.item<double>());
  }
  CHECK(losses[0] == doctest::Approx(151.25607299804688).epsilon(1e-6));
  CHECK(losses[1] == doctest::Approx(12.110650062561035).epsilon(1e-6));
  CHECK(losses[2] == doctest::Approx(6.559491157531738).epsilon(1e-6));
}

TEST_CASE("autograd: custom functions") {
  // class Exp(torch.autograd.Function): forward saves y = x.exp(); backward returns g * y
  auto exp_fn = autograd::Function("Exp")
                    .forward([](autograd::FunctionCtx& ctx, const TensorList& in) {
                      Tensor y = exp(in[0]);
                      ctx.save_for_backward({y});
                      return TensorList{y};
                    })
                    .backward([](autograd::FunctionCtx& ctx, const TensorList& g) {
                      return TensorList{g[0] * ctx.saved_tensors()[0]};
                    });
  Tensor x = vec({0, 1}).requires_grad_();
  Tensor y = exp_fn.apply({x})[0];
  CHECK(repr(y) == "tensor([1.0000, 2.7183], grad_fn=<ExpBackward>)");
  sum(y).backward();
  CHECK(repr(x.grad()) == "tensor([1.0000, 2.7183])");
  // Twice differentiable because the backward uses differentiable ops.
  Tensor x2 = vec({0.5}, DType::Float64).requires_grad_();
  TensorList g1 = autograd::grad({sum(exp_fn.apply({x2})[0])}, {x2}, {}, std::nullopt, true);
  TensorList g2 = autograd::grad({sum(g1[0])}, {x2});
  check_close(g2[0], {std::exp(0.5)}, 1e-12);

  auto two = autograd::Function("Two")
                 .forward([](autograd::FunctionCtx&, const TensorList& in) {
                   return TensorList{in[0] * 2.0};
                 })
                 .backward([](autograd::FunctionCtx&, const TensorList& g) {
                   return TensorList{g[0], g[0]};
                 });
  CHECK(error_of([&] { sum(two.apply({x})[0]).backward(); }) ==
        "function TwoBackward returned an incorrect number of gradients (expected 1, got 2)");
  auto shrink = autograd::Function("Sh")
                    .forward([](autograd::FunctionCtx&, const TensorList& in) {
                      return TensorList{in[0] * 2.0};
                    })
                    .backward([](autograd::FunctionCtx&, const TensorList& g) {
                      return TensorList{g[0].slice(0, 0, 1)};
                    });
  CHECK(error_of([&] { sum(shrink.apply({x})[0]).backward(); }) ==
        "Function ShBackward returned an invalid gradient at index 0 - got [1] but expected "
        "shape compatible with [2]");
  // No input requires grad: plain tensors out.
  CHECK(!exp_fn.apply({vec({1})})[0].requires_grad());
}

TEST_CASE("autograd: the seeds' RNN cell") {
  // torch.manual_seed(0); x = randn(1, 10); prev_h = randn(1, 20); W_h = randn(20, 20);
  // W_x = randn(20, 10); next_h = (mm(W_x, x.t()) + mm(W_h, prev_h.t())).tanh()
  manual_seed(0);
  Tensor x = randn({1, 10}), prev_h = randn({1, 20}), W_h = randn({20, 20}), W_x = randn({20, 10});
  auto cell = [&] { return tanh(mm(W_x, x.t()) + mm(W_h, prev_h.t())); };
  // As printed in the talk (no requires_grad, a [1, 20] gradient for a [20, 1] output).
  CHECK(error_of([&] { cell().backward(ones({1, 20})); }) ==
        "Mismatch in shape: grad_output[0] has a shape of torch.Size([1, 20]) and output[0] has "
        "a shape of torch.Size([20, 1]).");
  CHECK(error_of([&] { cell().backward(ones({20, 1})); }) ==
        "element 0 of tensors does not require grad and does not have a grad_fn");
  W_h.requires_grad_();
  W_x.requires_grad_();
  Tensor next_h = cell();
  CHECK(next_h.grad_fn_name() == "TanhBackward0");
  next_h.backward(ones({20, 1}));
  CHECK(sum(W_x.grad()).item<double>() == doctest::Approx(-4.809900283813477).epsilon(1e-5));
  CHECK(sum(W_h.grad()).item<double>() == doctest::Approx(0.6657233238220215).epsilon(1e-4));
  CHECK(repr(W_x.grad().select(0, 0).slice(0, 0, 3)) == "tensor([ 0.3244, -0.0618, -0.4587])");
}

TEST_CASE("gradcheck: binary/ternary pointwise, logit") {
  using V = std::vector<Tensor>;
  auto two = [&](Tensor (*fn)(const Tensor&, const Tensor&), Tensor a, Tensor b, bool second = true) {
    gradcheck([fn](const V& in) { return fn(in[0], in[1]); }, {a, b}, second);
  };
  two(static_cast<Tensor (*)(const Tensor&, const Tensor&)>(&atan2), rnd({2, 3}), pos({3}));
  two(static_cast<Tensor (*)(const Tensor&, const Tensor&)>(&hypot), rnd({2, 3}), pos({2, 3}));
  two(static_cast<Tensor (*)(const Tensor&, const Tensor&)>(&copysign), pos({2, 3}), rnd({2, 3}));
  two(static_cast<Tensor (*)(const Tensor&, const Tensor&)>(&fmod), pos({4}, 2.0, 3.0), pos({4}, 0.6, 0.9));
  two(static_cast<Tensor (*)(const Tensor&, const Tensor&)>(&remainder), rnd({4}), pos({4}, 0.6, 0.9));
  two(static_cast<Tensor (*)(const Tensor&, const Tensor&)>(&xlogy), pos({2, 3}), pos({2, 3}));
  two(&logaddexp, rnd({2, 3}), pos({2, 3}));
  two(&logaddexp2, rnd({2, 3}), pos({2, 3}));
  two(&fmax, rnd({5}), pos({5}, -0.5, 0.5));
  two(&fmin, rnd({5}), pos({5}, -0.5, 0.5));
  two(&maximum, rnd({5}), pos({5}, -0.5, 0.5));
  two(&minimum, rnd({5}), pos({5}, -0.5, 0.5));
  gradcheck([](const V& in) { return lerp(in[0], in[1], Scalar(0.3)); }, {rnd({3}), pos({3})}, true);
  gradcheck([](const V& in) { return lerp(in[0], in[1], in[2]); },
            {rnd({3}), pos({3}), pos({3}, 0.1, 0.9)}, true);
  gradcheck([](const V& in) { return addcmul(in[0], in[1], in[2], 0.5); },
            {rnd({2, 3}), pos({3}), rnd({2, 3})}, true);
  gradcheck([](const V& in) { return addcdiv(in[0], in[1], in[2], 0.5); },
            {rnd({2, 3}), rnd({2, 3}), pos({2, 3})}, true);
  gradcheck([](const V& in) { return logit(in[0], std::nullopt); }, {pos({4}, 0.1, 0.9)}, true);
  gradcheck([](const V& in) { return logit(in[0], 0.2); }, {pos({4}, 0.25, 0.75)}, true);
  gradcheck([](const V& in) { return clamp(in[0], Scalar(-0.5), Scalar(0.5)); }, {rnd({6})});
  gradcheck([](const V& in) { return clamp(in[0], in[1], in[2]); },
            {rnd({6}), pos({6}, -1.0, -0.2), pos({6}, 0.2, 1.0)});
  gradcheck([](const V& in) { return where(gt(in[0], Scalar(0.0)), in[0], in[1]); },
            {rnd({6}), pos({6})}, true);
  gradcheck([](const V& in) { return float_power(in[0], in[1]); }, {pos({3}), rnd({3})}, true);
}

TEST_CASE("gradcheck: scans, products, statistics, matrix-vector products") {
  using V = std::vector<Tensor>;
  gradcheck([](const V& in) { return cumsum(in[0], 1, std::nullopt); }, {rnd({2, 4})});
  gradcheck([](const V& in) { return cumprod(in[0], 0, std::nullopt); }, {pos({3, 2})});
  gradcheck([](const V& in) { return prod(in[0], std::nullopt); }, {pos({2, 3})}, true);
  gradcheck([](const V& in) { return prod(in[0], 1, false, std::nullopt); }, {rnd({2, 3})}, true);
  // Zeros in the input take the exclusive-product path.
  Tensor with_zero = pos({2, 3});
  with_zero.data<double>()[1] = 0.0;
  gradcheck([](const V& in) { return prod(in[0], std::nullopt); }, {with_zero});
  gradcheck([](const V& in) { return prod(in[0], 1, true, std::nullopt); }, {with_zero});
  gradcheck([](const V& in) { return logsumexp(in[0], {1}, false); }, {rnd({2, 3})}, true);
  gradcheck([](const V& in) { return nansum(in[0], {0}, true, std::nullopt); }, {rnd({2, 3})});
  gradcheck([](const V& in) { return var(in[0], {1}, true, false); }, {rnd({2, 4})}, true);
  gradcheck([](const V& in) { return ts::std(in[0], {0}, false, true); }, {rnd({3, 2})}, true);
  gradcheck([](const V& in) { return amax(in[0], {1}, false); }, {rnd({2, 4})});
  gradcheck([](const V& in) { return std::get<0>(max(in[0], 1, false)); }, {rnd({2, 4})});
  gradcheck([](const V& in) { return min(in[0]); }, {rnd({2, 4})});
  gradcheck([](const V& in) { return dot(in[0], in[1]); }, {rnd({3}), pos({3})}, true);
  gradcheck([](const V& in) { return mv(in[0], in[1]); }, {rnd({2, 3}), pos({3})}, true);
  gradcheck([](const V& in) { return bmm(in[0], in[1]); }, {rnd({2, 2, 3}), pos({2, 3, 2})}, true);
  gradcheck([](const V& in) { return outer(in[0], in[1]); }, {rnd({3}), pos({2})}, true);
  gradcheck([](const V& in) { return addmv(in[0], in[1], in[2], 0.5, 2.0); },
            {rnd({2}), rnd({2, 3}), pos({3})}, true);
  gradcheck([](const V& in) { return baddbmm(in[0], in[1], in[2], 0.5, 2.0); },
            {rnd({2, 2, 2}), rnd({2, 2, 3}), pos({2, 3, 2})}, true);
  gradcheck([](const V& in) { return addbmm(in[0], in[1], in[2], 0.5, 2.0); },
            {rnd({2, 2}), rnd({3, 2, 3}), pos({3, 3, 2})}, true);
}

TEST_CASE("gradcheck: norms, moments, special functions, tensor clamps") {
  using V = std::vector<Tensor>;
  for (double p : {1.0, 2.0, 3.0, 0.5})
    gradcheck([p](const V& in) { return norm(in[0], Scalar(p)); }, {pos({2, 3})});
  gradcheck([](const V& in) { return norm(in[0], Scalar(2.0), {1}, true); }, {rnd({2, 3})}, true);
  gradcheck([](const V& in) {
    return norm(in[0], Scalar(std::numeric_limits<double>::infinity()), {1}, false);
  }, {rnd({2, 3})});
  gradcheck([](const V& in) { return std::get<0>(std_mean(in[0], true)) + std::get<1>(std_mean(in[0], true)); },
            {rnd({2, 3})});
  gradcheck([](const V& in) {
    auto [v, m] = var_mean_dim(in[0], OptDims({1}), false, true);
    return v * 2.0 + m;
  }, {rnd({2, 3})});
  gradcheck([](const V& in) { return nanmean(in[0], {0}, false, std::nullopt); }, {rnd({3, 2})});
  gradcheck([](const V& in) { return digamma(in[0]); }, {pos({4})}, true);
  gradcheck([](const V& in) { return polygamma(2, in[0]); }, {pos({4})});
  gradcheck([](const V& in) { return sinc(in[0]); }, {rnd({5})}, true);
  gradcheck([](const V& in) { return nan_to_num(in[0], 0.0, 1.0, -1.0); }, {rnd({4})});
  gradcheck([](const V& in) { return clamp_min(in[0], in[1]); }, {rnd({6}), pos({6}, -0.5, 0.5)});
  gradcheck([](const V& in) { return clamp_max(in[0], in[1]); }, {rnd({6}), pos({6}, -0.5, 0.5)});
  gradcheck([](const V& in) { return cumsum_(in[0].clone(), 0, std::nullopt); }, {rnd({4})});
  gradcheck([](const V& in) { return addmm_(in[0].clone(), in[1], in[2], 0.5, 2.0); },
            {rnd({2, 2}), rnd({2, 3}), pos({3, 2})});
}

TEST_CASE("autograd: in-place ops that read self keep its old value") {
  // x = torch.tensor([0.5, 1.0], requires_grad=True); a = x * 1; a.sin_(); a.sum().backward()
  Tensor x = vec({0.5, 1.0}).requires_grad_();
  Tensor a = x * 1.0;
  sin_(a);
  CHECK(a.grad_fn_name() == "SinBackward0");
  sum(a).backward();
  CHECK(repr(x.grad()) == "tensor([0.8776, 0.5403])");
  // a = x * 1; b = tensor([2., 3.], requires_grad=True); a.mul_(b) -> x.grad [2, 3], b.grad x
  x.set_grad(Tensor());
  Tensor b = vec({2, 3}).requires_grad_();
  Tensor a2 = x * 1.0;
  mul_(a2, b);
  sum(a2).backward();
  check_close(x.grad(), {2, 3});
  check_close(b.grad(), {0.5, 1.0});
  // Second order through the saved copy: d2/dx2 sum(sin_(x * 1)) = -sin(x).
  Tensor x3 = vec({0.5}, DType::Float64).requires_grad_();
  Tensor a3 = x3 * 1.0;
  sin_(a3);
  TensorList g = autograd::grad({sum(a3)}, {x3}, {}, std::nullopt, true);
  check_close(autograd::grad({sum(g[0])}, {x3})[0], {-std::sin(0.5)}, 1e-12);
}

TEST_CASE("gradcheck: masked_fill") {
  using V = std::vector<Tensor>;
  Tensor mask = gt(rnd({2, 3}), Scalar(0.0));
  gradcheck([&](const V& in) { return masked_fill(in[0], mask, Scalar(2.0)); }, {rnd({2, 3})}, true);
  gradcheck([&](const V& in) { return masked_fill(in[0], mask, in[1]); },
            {rnd({2, 3}), pos({})}, true);
  gradcheck([&](const V& in) { return masked_fill_(in[0] * 1.0, mask, in[1]); },
            {rnd({2, 3}), pos({})});
  Tensor x = ones({3}).requires_grad_();
  CHECK(masked_fill(x, gt(x, Scalar(0.0)), Scalar(0.0)).grad_fn_name() == "MaskedFillBackward0");
}
