// Average / adaptive pooling (src/ops/pool.cpp): grad_fn names of the forward and of the
// gradient built with create_graph, as PyTorch 1.13 prints them, and values printed by
// /usr/bin/python3 with torch.
#include <doctest/doctest.h>

#include "ts.h"

using namespace ts;

namespace {

Tensor img() {
  manual_seed(5);
  return randn({2, 3, 6, 6}, TensorOptions(DType::Float64)).requires_grad_();
}

// {forward node, node of d(sum(out))/dx built with create_graph}
std::pair<std::string, std::string> nodes(const Tensor& x, const Tensor& out) {
  auto g = autograd::grad({sum(out)}, {x}, {}, std::nullopt, true);
  return {out.grad_fn_name(), g[0].grad_fn_name()};
}

Tensor arange16() { return reshape(arange(Scalar(16.0)), {1, 1, 4, 4}); }

void check_values(const Tensor& t, std::vector<double> want) {
  Tensor c = t.to(DType::Float64).contiguous();
  REQUIRE(c.numel() == int64_t(want.size()));
  for (size_t i = 0; i < want.size(); ++i) CHECK(c.data<double>()[i] == doctest::Approx(want[i]));
}

}  // namespace

TEST_CASE("pool: grad_fn names match PyTorch, first and second order") {
  Tensor x = img();
  using P = std::pair<std::string, std::string>;
  CHECK(nodes(x, avg_pool2d(x, {2})) == P{"AvgPool2DBackward0", "AvgPool2DBackwardBackward0"});
  CHECK(nodes(x, adaptive_avg_pool2d(x, {3, 3})) ==
        P{"AdaptiveAvgPool2DBackward0", "AdaptiveAvgPool2DBackwardBackward0"});
  CHECK(adaptive_avg_pool2d(x, {1, 1}).grad_fn_name() == "MeanBackward1");
  CHECK(nodes(x, std::get<0>(adaptive_max_pool2d(x, {3, 3}))) ==
        P{"AdaptiveMaxPool2DBackward0", "AdaptiveMaxPool2DBackwardBackward0"});
  Tensor x1 = select(x, 0, 0);
  CHECK(avg_pool1d(x1, {2}).grad_fn_name() == "SqueezeBackward1");
  CHECK(adaptive_avg_pool1d(x1, {2}).grad_fn_name() == "SqueezeBackward1");
  CHECK(max_pool1d(x1, {2}).grad_fn_name() == "SqueezeBackward1");
}

TEST_CASE("pool: values match PyTorch") {
  // torch.ops.aten.adaptive_avg_pool2d(torch.arange(16.).reshape(1,1,4,4), [3,3])
  check_values(adaptive_avg_pool2d(arange16(), {3, 3}),
               {2.5, 3.5, 4.5, 6.5, 7.5, 8.5, 10.5, 11.5, 12.5});
  // torch.ops.aten.avg_pool2d(same, [3], [2], [1], True, False)
  check_values(avg_pool2d(arange16(), {3}, {2}, {1}, true, false),
               {2.5, 4.0, 5.0, 8.5, 10.0, 11.0, 12.5, 14.0, 15.0});
}
