// Derivatives of the nn, shape/index and loss families: finite-difference gradient checks in
// float64 (first and, where the op is twice differentiable, second order), grad_fn names as
// PyTorch 1.13 prints them, and end-to-end training numbers printed by /usr/bin/python3.
#include <doctest/doctest.h>

#include <functional>

#include "ts.h"
#include "test_util.h"

using namespace ts;
using test::pos;
using test::rnd;
using autograd::TensorList;

namespace {

using V = std::vector<Tensor>;
using Fn = std::function<Tensor(const V&)>;

// d(sum(f(x) * v))/dx by central differences against autograd; with `second_order`, the
// gradient of sum(grad_0) (built with create_graph) against differences of sum(grad_0).
void gradcheck(const Fn& f, V inputs, bool second_order = false, double tol = 1e-5) {
  for (Tensor& x : inputs) x = x.to(DType::Float64).detach().requires_grad_();
  Tensor out = f(inputs);
  manual_seed(7);
  Tensor v = randn(out.sizes(), TensorOptions(DType::Float64));
  auto scalar_of = [&](const V& in) { return sum(mul(f(in), v)).item<double>(); };
  TensorList analytic = autograd::grad({sum(mul(out, v))}, inputs, {}, std::nullopt, second_order);
  const double eps = 1e-6;
  auto perturbed = [&](size_t k, int64_t i, double d) {
    V in = inputs;
    Tensor p = inputs[k].detach().contiguous().clone();
    p.data<double>()[i] += d;
    in[k] = p;
    return in;
  };
  for (size_t k = 0; k < inputs.size(); ++k) {
    REQUIRE(analytic[k].defined());
    Tensor a = analytic[k].contiguous();
    for (int64_t i = 0; i < inputs[k].numel(); ++i) {
      double numeric = (scalar_of(perturbed(k, i, eps)) - scalar_of(perturbed(k, i, -eps))) / (2 * eps);
      CHECK(a.data<double>()[i] == doctest::Approx(numeric).epsilon(tol).scale(1.0));
    }
  }
  if (!second_order) return;
  Tensor s = sum(analytic[0]);
  if (!s.requires_grad()) return;  // a gradient constant in the inputs
  TensorList second = autograd::grad({s}, inputs, {}, std::nullopt, false, true);
  auto first_sum = [&](const V& in) {
    V req;
    for (const Tensor& t : in) req.push_back(t.detach().requires_grad_());
    return sum(autograd::grad({sum(mul(f(req), v))}, {req[0]})[0]).item<double>();
  };
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (!second[k].defined()) continue;
    Tensor a = second[k].contiguous();
    for (int64_t i = 0; i < inputs[k].numel(); ++i) {
      double numeric = (first_sum(perturbed(k, i, eps)) - first_sum(perturbed(k, i, -eps))) / (2 * eps);
      CHECK(a.data<double>()[i] == doctest::Approx(numeric).epsilon(1e-4).scale(1.0));
    }
  }
}

Tensor longs(std::vector<int64_t> v, std::vector<int64_t> shape = {}) {
  Tensor r = empty({int64_t(v.size())}, TensorOptions(DType::Int64));
  for (size_t i = 0; i < v.size(); ++i) r.data<int64_t>()[i] = v[i];
  return shape.empty() ? r : r.view(shape);
}

std::string node(const Tensor& t) { return t.grad_fn_name(); }

}  // namespace

TEST_CASE("autograd nn: grad_fn names match PyTorch") {
  // Printed by /usr/bin/python3: type(op(x).grad_fn).__name__ for the same calls.
  Tensor x = rnd({2, 3}).to(DType::Float32).requires_grad_();
  Tensor idx = longs({1});
  Tensor col = longs({0, 1}, {2, 1});
  CHECK(node(gelu(x, "none")) == "GeluBackward0");
  CHECK(node(gelu(x, "tanh")) == "GeluBackward0");
  CHECK(node(silu(x)) == "SiluBackward0");
  CHECK(node(mish(x)) == "MishBackward0");
  CHECK(node(softplus(x)) == "SoftplusBackward0");
  CHECK(node(elu(x)) == "EluBackward0");
  CHECK(node(selu(x)) == "EluBackward0");
  CHECK(node(celu(x, 1.0)) == "CeluBackward0");
  CHECK(node(leaky_relu(x, 0.01)) == "LeakyReluBackward0");
  CHECK(node(hardtanh(x, -1, 1)) == "HardtanhBackward0");
  CHECK(node(relu6(x)) == "HardtanhBackward0");
  CHECK(node(hardsigmoid(x)) == "HardsigmoidBackward0");
  CHECK(node(hardswish(x)) == "HardswishBackward0");
  CHECK(node(threshold(x, 0.1, 2.0)) == "ThresholdBackward0");
  CHECK(node(log_sigmoid(x)) == "LogSigmoidBackward0");
  CHECK(node(index_select(x, 0, idx)) == "IndexSelectBackward0");
  CHECK(node(scatter(x, 1, col, ones({2, 1}))) == "ScatterBackward0");
  CHECK(node(scatter(x, 1, col, Scalar(1.0))) == "ScatterBackward1");
  CHECK(node(scatter_add(x, 1, col, ones({2, 1}))) == "ScatterAddBackward0");
  CHECK(node(index_add(x, 0, idx, ones({1, 3}))) == "IndexAddBackward0");
  CHECK(node(index_copy(x, 0, idx, ones({1, 3}))) == "IndexCopyBackward0");
  CHECK(node(index_fill(x, 0, idx, Scalar(2.0))) == "IndexFillBackward0");
  CHECK(node(put(x, idx, ones({1}))) == "PutBackward0");
  CHECK(node(masked_scatter(x, gt(x, Scalar(0.0)), ones({6}))) == "MaskedScatterBackward0");
  CHECK(node(index_put(x, {idx}, ones({3}))) == "IndexPutBackward0");
  CHECK(node(gather(x, 1, col)) == "GatherBackward0");
  CHECK(node(take(x, idx)) == "TakeBackward0");
  CHECK(node(take_along_dim(x, longs({0}, {1, 1}), 0)) == "GatherBackward0");
  CHECK(node(masked_select(x, gt(x, Scalar(0.0)))) == "MaskedSelectBackward0");
  CHECK(node(index_tensor(x, {longs({0, 1})})) == "IndexBackward0");
  CHECK(node(index(x, {kEllipsis})) == "AliasBackward0");
  CHECK(node(index(x, {0})) == "SelectBackward0");
  CHECK(node(index(x, {NoneIndex{}})) == "UnsqueezeBackward0");
  CHECK(node(split(x, 2, 0)[0]) == "SplitBackward0");
  CHECK(node(split_with_sizes(x, {1, 2}, 1)[0]) == "SplitWithSizesBackward0");
  CHECK(node(chunk(x, 2, 0)[0]) == "SplitBackward0");
  CHECK(node(unbind(x, 0)[0]) == "UnbindBackward0");
  CHECK(node(diagonal(x, 0, 0, 1)) == "DiagonalBackward0");
  CHECK(node(unfold(x, 0, 2, 1)) == "UnfoldBackward0");
  CHECK(node(narrow(x, 0, 1, 1)) == "SliceBackward0");
  CHECK(node(movedim(x, 0, 1)) == "PermuteBackward0");
  CHECK(node(hstack({x, x})) == "CatBackward0");
  CHECK(node(type_as(x, zeros({1}, TensorOptions(DType::Float64)))) == "ToCopyBackward0");
  Tensor img = rnd({1, 2, 5, 5}).to(DType::Float32).requires_grad_();
  CHECK(node(conv2d(img, ones({3, 2, 2, 2}))) == "ConvolutionBackward0");
  CHECK(node(conv2d(img.select(0, 0), ones({3, 2, 2, 2}))) == "SqueezeBackward1");
  CHECK(node(conv_transpose2d(img, ones({2, 3, 2, 2}))) == "ConvolutionBackward0");
  CHECK(node(conv1d(x.unsqueeze(0), ones({1, 2, 2}))) == "ConvolutionBackward0");
  CHECK(node(max_pool2d(img, {2})) == "MaxPool2DWithIndicesBackward0");
  CHECK(node(dropout(x, 0.5, true)) == "MulBackward0");
  Tensor t = longs({0, 2});
  Tensor logits = rnd({2, 3}).to(DType::Float32).requires_grad_();
  CHECK(node(cross_entropy_loss(logits, t)) == "NllLossBackward0");
  CHECK(node(cross_entropy_loss(logits, t, Tensor(), 1, -100, 0.1)) == "AddBackward0");
  CHECK(node(cross_entropy_loss(logits, softmax(x.detach(), 1), Tensor(), 2)) == "NegBackward0");
  CHECK(node(nll_loss_nd(img, longs({0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 1}, {1, 5, 5}))) ==
        "NllLoss2DBackward0");
  // Out-of-place after an in-place write into a non-leaf: x[idx] = v records IndexPutBackward0.
  Tensor y = x * 1.0;
  index_set_(y, {longs({0, 1})}, Scalar(2.0));
  CHECK(node(y) == "IndexPutBackward0");
  Tensor z = x * 1.0;
  index_set_(z, {0}, ones({3}).requires_grad_());
  CHECK(node(z) == "CopySlices");
}

TEST_CASE("gradcheck: activations (first and second order)") {
  Tensor x = rnd({3, 4});
  auto un = [&](const Fn& f) { gradcheck(f, {x}, true); };
  un([](const V& in) { return gelu(in[0], "none"); });
  un([](const V& in) { return gelu(in[0], "tanh"); });
  un([](const V& in) { return silu(in[0]); });
  un([](const V& in) { return mish(in[0]); });
  un([](const V& in) { return softplus(in[0], 2.0, 1.0); });
  un([](const V& in) { return elu(in[0], 0.7, 1.3, 0.8); });
  un([](const V& in) { return selu(in[0]); });
  un([](const V& in) { return celu(in[0], 0.5); });
  un([](const V& in) { return leaky_relu(in[0], 0.2); });
  un([](const V& in) { return hardtanh(in[0], -0.5, 0.7); });
  un([](const V& in) { return relu6(in[0] * 4.0); });
  un([](const V& in) { return hardsigmoid(in[0] * 3.0); });
  un([](const V& in) { return hardswish(in[0] * 3.0); });
  un([](const V& in) { return threshold(in[0], 0.1, 2.0); });
  un([](const V& in) { return log_sigmoid(in[0]); });
  // In-place variants that differentiate through their result (PyTorch's *Backward1 nodes).
  un([](const V& in) { return elu_(in[0] * 1.0, 0.7, 1.3, 0.8); });
  un([](const V& in) { return celu_(in[0] * 1.0, 0.5); });
  un([](const V& in) { return leaky_relu_(in[0] * 1.0, 0.2); });
  un([](const V& in) { return hardtanh_(in[0] * 1.0, -0.5, 0.7); });
  un([](const V& in) { return hardsigmoid_(in[0] * 3.0); });
  Tensor y = rnd({3}).to(DType::Float32).requires_grad_();
  CHECK(node(elu_(y * 1.0)) == "EluBackward1");
  CHECK(node(leaky_relu_(y * 1.0, 0.1)) == "LeakyReluBackward1");
}

TEST_CASE("gradcheck: convolution and its double backward") {
  Tensor img = rnd({2, 4, 6, 5}, 11);
  Tensor w = rnd({6, 2, 3, 2}, 12);
  Tensor b = rnd({6}, 13);
  gradcheck([](const V& in) { return conv2d(in[0], in[1], in[2], {2, 1}, {1, 0}, {1, 2}, 2); },
            {img, w, b}, true);
  gradcheck([](const V& in) { return conv2d(in[0], in[1], in[2]); },
            {rnd({1, 2, 4, 4}, 1), rnd({3, 2, 2, 2}, 2), rnd({3}, 3)}, true);
  // Second order with respect to the weight too (the gradient w.r.t. the input is linear in it).
  gradcheck([](const V& in) { return conv2d(in[1], in[0], Tensor(), {1}, {1}); },
            {rnd({3, 2, 2, 2}, 2), rnd({1, 2, 4, 4}, 1)}, true);
  gradcheck([](const V& in) { return conv2d_padding(in[0], in[1], Tensor(), {1}, "same", {1}, 1); },
            {rnd({1, 2, 5, 4}, 4), rnd({2, 2, 2, 3}, 5)}, true);
  gradcheck([](const V& in) { return conv2d(in[0], in[1]); }, {rnd({2, 5, 5}, 6), rnd({2, 2, 3, 3}, 7)});
  gradcheck([](const V& in) { return conv1d(in[0], in[1], in[2], {2}, {1}, {1}, 1); },
            {rnd({2, 3, 7}, 8), rnd({4, 3, 3}, 9), rnd({4}, 10)}, true);
  gradcheck([](const V& in) { return conv_transpose2d(in[0], in[1], in[2], {2, 1}, {1, 0}, {1, 0}, 2, {1, 1}); },
            {rnd({2, 4, 3, 3}, 14), rnd({4, 3, 2, 3}, 15), rnd({6}, 16)}, true);
  gradcheck([](const V& in) { return conv_transpose1d(in[0], in[1], in[2], {2}); },
            {rnd({1, 2, 4}, 17), rnd({2, 3, 3}, 18), rnd({3}, 19)}, true);
}

TEST_CASE("conv_transpose2d and conv1d values match PyTorch") {
  // torch.manual_seed(0); x = torch.randn(1, 2, 3, 3); w = torch.randn(2, 3, 2, 2);
  // F.conv_transpose2d(x, w, stride=2, padding=1, output_padding=1).sum(), [0, 0, 0, :3]
  manual_seed(0);
  Tensor x = randn({1, 2, 3, 3});
  Tensor w = randn({2, 3, 2, 2});
  Tensor y = conv_transpose2d(x, w, Tensor(), {2}, {1}, {1});
  CHECK(y.sizes().vec() == std::vector<int64_t>{1, 3, 5, 5});
  CHECK(sum(y).item<double>() == doctest::Approx(-10.751727104187012).epsilon(1e-5));
  Tensor r = y.select(0, 0).select(0, 0).select(0, 0).contiguous();
  CHECK(r.data<float>()[0] == doctest::Approx(-0.27164793014526367).epsilon(1e-5));
  CHECK(r.data<float>()[1] == doctest::Approx(-0.4079822301864624).epsilon(1e-5));
  CHECK(r.data<float>()[2] == doctest::Approx(-0.28905823826789856).epsilon(1e-5));
  // F.conv1d(x.flatten(2), w.flatten(2)[:, :2].transpose(0, 1).contiguous(), padding=1).sum()
  Tensor w1 = w.flatten(2).slice(1, 0, 2).transpose(0, 1).contiguous();
  CHECK(sum(conv1d(x.flatten(2), w1, Tensor(), {1}, {1})).item<double>() ==
        doctest::Approx(-11.657934188842773).epsilon(1e-5));
}

TEST_CASE("gradcheck: pooling, dropout, losses") {
  Tensor img = rnd({2, 3, 5, 6}, 21);
  gradcheck([](const V& in) { return max_pool2d(in[0], {2, 3}, {2, 2}, {1, 1}, {1}, true); }, {img}, true);
  gradcheck([](const V& in) { return max_pool2d(in[0], {3}, {1}, {0}, {2}, false); }, {img});
  gradcheck([](const V& in) {
    manual_seed(1);
    return dropout(in[0], 0.4, true);
  }, {rnd({4, 5})}, true);

  Tensor t = longs({0, 2, 1, 2});
  Tensor w = pos({3});
  Tensor logits = rnd({4, 3}, 22);
  gradcheck([&](const V& in) { return cross_entropy_loss(in[0], t); }, {logits}, true);
  gradcheck([&](const V& in) { return cross_entropy_loss(in[0], t, w, 2); }, {logits}, true);
  gradcheck([&](const V& in) { return cross_entropy_loss(in[0], longs({0, -100, 1, 2}), w, 1); },
            {logits}, true);
  gradcheck([&](const V& in) { return cross_entropy_loss(in[0], t, Tensor(), 1, -100, 0.2); },
            {logits}, true);
  gradcheck([&](const V& in) { return cross_entropy_loss(in[0], longs({0, 2, -100, 1}), w, 1, -100, 0.3); },
            {logits}, true);
  gradcheck([&](const V& in) { return cross_entropy_loss(in[0], softmax(in[1], 1), w, 0, -100, 0.1); },
            {logits, rnd({4, 3}, 23)}, true);
  // Spatial targets: 4-d (nll_loss2d) and 3-d (folded into 2-d).
  Tensor t4 = longs({0, 1, 2, 1, 0, 2, 2, 1}, {2, 2, 2});
  gradcheck([&](const V& in) { return cross_entropy_loss(in[0], t4, w, 1); }, {rnd({2, 3, 2, 2}, 24)}, true);
  gradcheck([&](const V& in) { return cross_entropy_loss(in[0], t4.flatten(1), Tensor(), 0); },
            {rnd({2, 3, 4}, 25)}, true);
  gradcheck([](const V& in) { return mse_loss(in[0], in[1], 2); }, {rnd({2, 3}), pos({2, 3})}, true);
  // Double backward through mse_loss_backward with respect to grad_output, self and target.
  gradcheck([](const V& in) { return mse_loss_backward(in[0], in[1], in[2], 1); },
            {rnd({2, 3}, 26), rnd({2, 3}, 27), pos({2, 3})});
  gradcheck([&](const V& in) { return nll_loss_backward(in[0], in[1], t, w, 0, -100, ones({}, TensorOptions(DType::Float64))); },
            {rnd({4}, 28), rnd({4, 3}, 29)});
  gradcheck([](const V& in) { return _softmax_backward_data(in[0], softmax(in[1], 1), 1, DType::Float64); },
            {rnd({2, 3}, 30), rnd({2, 3}, 31)});
  gradcheck([](const V& in) { return _log_softmax_backward_data(in[0], log_softmax(in[1], 1), 1, DType::Float64); },
            {rnd({2, 3}, 32), rnd({2, 3}, 33)});
}

TEST_CASE("gradcheck: shape ops") {
  Tensor x = rnd({3, 4, 2});
  gradcheck([](const V& in) { return flatten(in[0], 1); }, {x}, true);
  gradcheck([](const V& in) { return unflatten(in[0], 1, {2, 2}); }, {x});
  gradcheck([](const V& in) { return narrow(in[0], 1, 1, 2); }, {x});
  gradcheck([](const V& in) { return movedim(in[0], 0, 2) * movedim(in[0], 0, 2); }, {x}, true);
  gradcheck([](const V& in) { return cat(split(in[0], 2, 1), 0) * 2.0; }, {x});
  gradcheck([](const V& in) { return split_with_sizes(in[0], {1, 2}, 0)[1]; }, {x});
  gradcheck([](const V& in) { return chunk(in[0], 2, 2)[1] * chunk(in[0], 2, 2)[0]; }, {x}, true);
  gradcheck([](const V& in) { return unbind(in[0], 1)[2] * unbind(in[0], 1)[0]; }, {x}, true);
  gradcheck([](const V& in) { return tensor_split(in[0], 2, 1)[0]; }, {x});
  gradcheck([](const V& in) { return diagonal(in[0], 1, 0, 1); }, {x});
  gradcheck([](const V& in) { return unfold(in[0], 1, 3, 1); }, {x});
  gradcheck([](const V& in) { return unfold(in[0], 0, 2, 2); }, {x});
  gradcheck([](const V& in) { return hstack({in[0], in[0]}) + sum(vstack({in[0], in[0]})); }, {x});
  gradcheck([](const V& in) { return expand_as(in[0].slice(0, 0, 1), in[0]); }, {x});
  // Through float32 and back: the gradient arrives cast to the input's dtype (values exact here).
  Tensor xf = rnd({3}).requires_grad_();
  Tensor gx = autograd::grad({sum(type_as(xf, zeros({1})) * 3.0)}, {xf})[0];
  CHECK(gx.dtype() == DType::Float64);
  CHECK(gx.contiguous().data<double>()[1] == 3.0);
}

TEST_CASE("gradcheck: indexing, gather and scatter") {
  Tensor x = rnd({3, 4});
  Tensor idx = longs({2, 0, 2});
  Tensor col = longs({0, 3, 1, 1, 2, 0}, {3, 2});
  gradcheck([&](const V& in) { return index_select(in[0], 0, idx); }, {x}, true);
  gradcheck([&](const V& in) { return gather(in[0], 1, col) * gather(in[0], 1, col); }, {x}, true);
  gradcheck([&](const V& in) { return take(in[0], longs({5, 0, 5})); }, {x});
  gradcheck([&](const V& in) { return take_along_dim(in[0], col, 1); }, {x});
  gradcheck([&](const V& in) { return scatter(in[0], 1, longs({0, 3, 1}, {3, 1}), in[1]); },
            {x, rnd({3, 1}, 9)});
  gradcheck([&](const V& in) { return scatter(in[0], 1, col, Scalar(2.0)); }, {x});
  gradcheck([&](const V& in) { return scatter_add(in[0], 1, col, in[1]); }, {x, rnd({3, 2}, 9)});
  gradcheck([&](const V& in) { return index_add(in[0], 0, idx, in[1], 0.5); }, {x, rnd({3, 4}, 9)});
  gradcheck([&](const V& in) { return index_copy(in[0], 1, longs({3, 1}), in[1]); }, {x, rnd({3, 2}, 9)});
  gradcheck([&](const V& in) { return index_fill(in[0], 1, longs({3, 1}), Scalar(1.5)); }, {x});
  gradcheck([&](const V& in) { return put(in[0], longs({1, 6}), in[1], false); }, {x, rnd({2}, 9)});
  gradcheck([&](const V& in) { return put(in[0], longs({1, 1}), in[1], true); }, {x, rnd({2}, 9)});
  Tensor mask = gt(rnd({3, 4}, 17), Scalar(0.0));
  gradcheck([&](const V& in) { return masked_select(in[0], mask); }, {x});
  gradcheck([&](const V& in) { return masked_select(in[0], mask.select(0, 1)); }, {x});
  gradcheck([&](const V& in) { return masked_scatter(in[0], mask, in[1]); }, {x, rnd({20}, 9)});
  // Advanced indexing get and set, through the Python-style index API.
  gradcheck([&](const V& in) { return index_tensor(in[0], {idx, longs({1, 1, 3})}); }, {x}, true);
  gradcheck([&](const V& in) { return index_tensor(in[0], {Tensor(), longs({3, 0})}); }, {x});
  gradcheck([&](const V& in) { return index(in[0], {Slice(1, std::nullopt), NoneIndex{}, longs({3, 0})}); }, {x});
  gradcheck([&](const V& in) { return index_put(in[0], {idx}, in[1], true); }, {x, rnd({4}, 9)});
  gradcheck([&](const V& in) {
    Tensor y = in[0] * 1.0;
    index_put_(y, {longs({1}), longs({2})}, in[1], false);
    return y;
  }, {x, rnd({1}, 9)});
  gradcheck([&](const V& in) {
    Tensor y = in[0] * 1.0;
    index_set_(y, {1, Slice(1, 3)}, in[1]);  // y[1, 1:3] = v: CopySlices
    return y * y;
  }, {x, rnd({2}, 9)}, true);
  gradcheck([&](const V& in) {
    Tensor y = in[0] * 1.0;
    index_set_(y, {mask}, in[1]);  // y[mask] = v broadcast
    return y;
  }, {x, rnd({1}, 9)});
}

TEST_CASE("autograd nn: a LeNet-shaped network trains as in PyTorch") {
  // torch.manual_seed(0); x = torch.randn(4, 1, 12, 12); w1 = randn(4,1,3,3)*0.3; b1 = randn(4)*0.1
  // w2 = randn(8,4,3,3)*0.2; b2 = randn(8)*0.1; w3 = randn(10,72)*0.1; b3 = zeros(10)
  // h = max_pool2d(relu(conv2d(x, w1, b1)), 2); h = relu(conv2d(h, w2, b2, padding=1))
  // h = max_pool2d(h, 2, ceil_mode=True).flatten(1)
  // loss = cross_entropy(linear(h, w3, b3), tensor([3, 1, 7, 0]), label_smoothing=0.1)
  // two SGD steps (lr 0.1) with torch.autograd.grad; printed losses and gradients.
  manual_seed(0);
  Tensor x = randn({4, 1, 12, 12});
  Tensor w1 = (randn({4, 1, 3, 3}) * 0.3).requires_grad_();
  Tensor b1 = (randn({4}) * 0.1).requires_grad_();
  Tensor w2 = (randn({8, 4, 3, 3}) * 0.2).requires_grad_();
  Tensor b2 = (randn({8}) * 0.1).requires_grad_();
  Tensor w3 = (randn({10, 72}) * 0.1).requires_grad_();
  Tensor b3 = zeros({10}).requires_grad_();
  Tensor t = longs({3, 1, 7, 0});
  std::vector<Tensor> params{w1, b1, w2, b2, w3, b3};
  auto fwd = [&] {
    Tensor h = max_pool2d(relu(conv2d(x, w1, b1)), {2});
    h = relu(conv2d(h, w2, b2, {1}, {1}));
    h = flatten(max_pool2d(h, {2}, {}, {0}, {1}, true), 1);
    return cross_entropy_loss(linear(h, w3, b3), t, Tensor(), 1, -100, 0.1);
  };
  std::vector<double> losses;
  for (int step = 0; step < 2; ++step) {
    Tensor loss = fwd();
    TensorList g = autograd::grad({loss}, params);
    losses.push_back(loss.item<double>());
    if (step == 0) {
      Tensor g0 = g[0].flatten().contiguous();
      CHECK(g0.data<float>()[0] == doctest::Approx(0.10632328689098358).epsilon(1e-4));
      CHECK(g0.data<float>()[1] == doctest::Approx(0.2338605672121048).epsilon(1e-4));
      CHECK(g0.data<float>()[2] == doctest::Approx(0.12079455703496933).epsilon(1e-4));
      CHECK(g0.data<float>()[3] == doctest::Approx(0.049114055931568146).epsilon(1e-4));
      CHECK(sum(g[2]).item<double>() == doctest::Approx(10.075989723205566).epsilon(1e-4));
      Tensor gb = g[1].contiguous();
      std::vector<double> want{-0.04304943606257439, 0.07998805493116379, 0.030260305851697922,
                               0.07486175000667572};
      for (size_t i = 0; i < want.size(); ++i)
        CHECK(gb.data<float>()[i] == doctest::Approx(want[i]).epsilon(1e-4));
    }
    NoGradGuard ng;
    for (size_t k = 0; k < params.size(); ++k) sub_(params[k], g[k] * 0.1);
  }
  CHECK(losses[0] == doctest::Approx(2.4516263008117676).epsilon(1e-5));
  CHECK(losses[1] == doctest::Approx(1.5871350765228271).epsilon(1e-5));
  CHECK(fwd().item<double>() == doctest::Approx(1.256903886795044).epsilon(1e-5));
}

TEST_CASE("autograd nn: rrelu_with_noise records from C++ with an explicit generator") {
  // PyTorch 1.13: torch.ops.aten.rrelu_with_noise(x, noise, 0.1, 0.3, True,
  // torch.Generator().manual_seed(3)) on float64; the gradient of sum(y) is the noise.
  Generator gen(3);
  Tensor x = empty({6}, TensorOptions(DType::Float64));
  const double xs[] = {-1.0, 2.0, -0.5, 0.0, 3.0, -2.0};
  for (int i = 0; i < 6; ++i) x.data<double>()[i] = xs[i];
  x.requires_grad_();
  Tensor noise = empty({6}, TensorOptions(DType::Float64));
  Tensor y = rrelu_with_noise(x, noise, 0.1, 0.3, true, &gen);
  CHECK(node(y) == "RreluWithNoiseBackward0");
  sum(y).backward();
  REQUIRE(x.grad().defined());
  for (int i = 0; i < 6; ++i) {
    CHECK(x.grad().data<double>()[i] == noise.data<double>()[i]);
    if (xs[i] > 0) CHECK(noise.data<double>()[i] == 1.0);
    else CHECK((noise.data<double>()[i] >= 0.1 && noise.data<double>()[i] < 0.3));
  }
  Tensor z = x.detach().clone().requires_grad_();
  Tensor w = rrelu_with_noise_(z * 1.0, noise, 0.1, 0.3, true, &gen);
  CHECK(node(w) == "RreluWithNoiseBackward1");
}

TEST_CASE("autograd nn: tensordot and kron end in PyTorch's nodes") {
  Tensor a = rnd({2, 3}).requires_grad_(), b = rnd({3, 2}, 6);
  CHECK(node(tensordot(a, b, {1}, {0})) == "ReshapeAliasBackward0");
  CHECK(node(tensordot(a, b, {}, {})) == "ReshapeAliasBackward0");
  CHECK(node(kron(a, b)) == "UnsafeViewBackward0");
  gradcheck([](const V& v) { return tensordot(v[0], v[1], {1}, {0}); }, {rnd({2, 3}), rnd({3, 2}, 6)}, true);
  gradcheck([](const V& v) { return kron(v[0], v[1]); }, {rnd({2, 3}), rnd({3, 2}, 6)}, true);
  // kron's result is not a view: an in-place op on it records its own node.
  Tensor k = kron(a, b);
  add_(k, scalar_to_tensor(1));
  CHECK(node(k) == "AddBackward0");
}

TEST_CASE("autograd nn: as_strided keeps only the input's geometry") {
  // PyTorch 1.13: writing into the input after as_strided does not break the backward.
  Tensor a = rnd({6}).requires_grad_();
  Tensor b = a * 1.0;
  Tensor v = b.as_strided({2, 2}, {1, 2}, 1);
  Tensor out = v * 3.0;
  add_(b, scalar_to_tensor(1));
  sum(out).backward();
  // The view reads storage elements 1, 2, 3, 4 once each (as PyTorch's a.grad).
  const double want[] = {0.0, 3.0, 3.0, 3.0, 3.0, 0.0};
  for (int i = 0; i < 6; ++i) CHECK(a.grad().data<double>()[i] == doctest::Approx(want[i]));
}

TEST_CASE("autograd nn: double backward through convolution without bias") {
  // convolution_backward's node has only the outputs its output_mask asked for (no bias here).
  gradcheck([](const V& v) { return conv2d(v[0], v[1]); }, {rnd({1, 2, 5, 5}), rnd({3, 2, 3, 3}, 6)}, true);
  gradcheck([](const V& v) { return conv2d(v[0], v[1], v[2]); }, {rnd({1, 2, 4, 4}), rnd({3, 2, 3, 3}, 6), rnd({3}, 7)},
            true);
}
