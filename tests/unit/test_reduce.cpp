// Reductions and scans checked against PyTorch 1.13: the expected numbers were printed by
// /usr/bin/python3 with torch for the same inputs (X, I below), or follow from math.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ops/ops.h"
#include "ops/registry.h"
#include "test_util.h"

using namespace ts;
using test::error_of;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

template <typename T>
Tensor make(const std::vector<T>& v, IntArrayRef shape) {
  Tensor t = empty(shape, DTypeOf<T>::value);
  T* p = t.data<T>();
  for (size_t i = 0; i < v.size(); ++i) p[i] = v[i];
  return t;
}

Tensor make_bool(const std::vector<int>& v, IntArrayRef shape) {
  Tensor t = empty(shape, DType::Bool);
  bool* p = t.data<bool>();
  for (size_t i = 0; i < v.size(); ++i) p[i] = v[i] != 0;
  return t;
}

// Every element in logical order, as double.
std::vector<double> vals(const Tensor& t) {
  Tensor c = t.contiguous();
  std::vector<double> r(size_t(c.numel()));
  TS_DISPATCH_ALL(c.dtype(), "vals", {
    const scalar_t* p = static_cast<const scalar_t*>(c.data_ptr());
    for (size_t i = 0; i < r.size(); ++i) r[i] = double(float(p[i]));
    if constexpr (std::is_same_v<scalar_t, double> || std::is_same_v<scalar_t, int64_t>)
      for (size_t i = 0; i < r.size(); ++i) r[i] = double(p[i]);
  });
  return r;
}

void expect(const Tensor& t, DType dtype, std::vector<int64_t> shape, std::vector<double> want,
            double rtol = 1e-6) {
  REQUIRE(t.defined());
  CHECK(t.dtype() == dtype);
  CHECK(t.sizes().vec() == shape);
  std::vector<double> got = vals(t);
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i])) {
      CHECK_MESSAGE(std::isnan(got[i]), "element ", i, " is ", got[i], ", expected nan");
    } else if (std::isinf(want[i])) {
      CHECK_MESSAGE(got[i] == want[i], "element ", i, " is ", got[i], ", expected ", want[i]);
    } else {
      CHECK_MESSAGE(std::abs(got[i] - want[i]) <= rtol * std::abs(want[i]) + 1e-12, "element ", i,
                    " is ", got[i], ", expected ", want[i]);
    }
  }
}

// X = [float((i * 7) % 11) - 0.25 * i for i in range(24)], shape [2, 3, 4]
Tensor X() {
  std::vector<float> v;
  for (int i = 0; i < 24; ++i) v.push_back(float((i * 7) % 11) - 0.25f * float(i));
  return make(v, {2, 3, 4});
}
// I = [(k * 5) % 7 - 3 for k in range(24)], int32, shape [2, 3, 4]
Tensor I() {
  std::vector<int32_t> v;
  for (int k = 0; k < 24; ++k) v.push_back((k * 5) % 7 - 3);
  return make(v, {2, 3, 4});
}
// X.transpose(0, 2): shape [4, 3, 2], a view of X's memory.
Tensor Xt() {
  Tensor x = X();
  return make_view(x, {4, 3, 2}, {1, 4, 12}, 0);
}

}  // namespace

TEST_CASE("sum over all, each, negative and several dims") {
  Tensor x = X();
  expect(sum(x), DType::Float32, {}, {48.0});
  expect(sum(x, 0), DType::Float32, {3, 4}, {4.0, 6.5, 9.0, 11.5, 3.0, 5.5, 8.0, -0.5, 2.0, 4.5, -4.0, -1.5});
  expect(sum(x, 1), DType::Float32, {2, 4}, {4.0, 13.25, 11.5, 9.75, 5.0, 3.25, 1.5, -0.25});
  expect(sum(x, -1), DType::Float32, {2, 3}, {18.5, 16.5, 3.5, 12.5, -0.5, -2.5});
  expect(sum(x, {0, 2}), DType::Float32, {3}, {31.0, 16.0, 1.0});
  expect(sum(x, {-1, 0}, true), DType::Float32, {1, 3, 1}, {31.0, 16.0, 1.0});
  // None and [] both reduce everything (PyTorch 1.13).
  expect(sum(x, OptDims(std::nullopt), true), DType::Float32, {1, 1, 1}, {48.0});
  expect(sum(x, IntArrayRef{}), DType::Float32, {}, {48.0});
  expect(sum(x, 0, false, DType::Float64), DType::Float64, {3, 4},
         {4.0, 6.5, 9.0, 11.5, 3.0, 5.5, 8.0, -0.5, 2.0, 4.5, -4.0, -1.5});
}

TEST_CASE("sum of integers and bools promotes to int64") {
  Tensor i = I();
  expect(sum(i), DType::Int64, {}, {-1});
  expect(sum(i, 1), DType::Int64, {2, 4}, {2, 3, -3, -2, 0, -6, 2, 3});
  expect(sum(i, DType::Float32), DType::Float32, {}, {-1.0});
  Tensor b = make_bool({1, 0, 1, 1, 1, 1}, {2, 3});
  expect(sum(b), DType::Int64, {}, {5});
  expect(sum(b, 0), DType::Int64, {3}, {2, 1, 2});
  expect(sum(make<uint8_t>({1, 2, 0}, {3})), DType::Int64, {}, {3});
  // torch.tensor([1, -1]).sum(dtype=torch.bool) -> True (the input is cast first)
  expect(sum(make<int64_t>({1, -1}, {2}), DType::Bool), DType::Bool, {}, {1});
  // int8 sums wrap in the requested dtype: 3 * 100 -> 44
  expect(sum(make<int8_t>({100, 100, 100}, {3}), DType::Int8), DType::Int8, {}, {44});
  // int64 wraps around: 3 * 2**62 -> -2**62
  int64_t big = int64_t(1) << 62;
  expect(sum(make<int64_t>({big, big, big}, {3})), DType::Int64, {}, {-4611686018427387904.0});
}

TEST_CASE("mean, and mean of integers needs a dtype") {
  Tensor x = X();
  expect(mean(x), DType::Float32, {}, {2.0});
  expect(mean(x, 1), DType::Float32, {2, 4},
         {1.3333333730697632, 4.416666507720947, 3.8333332538604736, 3.25, 1.6666666269302368,
          1.0833333730697632, 0.5, -0.0833333358168602});
  expect(mean(x, {0, 1}, true), DType::Float32, {1, 1, 4},
         {1.5, 2.75, 2.1666667461395264, 1.5833333730697632});
  Tensor i = I();
  CHECK(error_of([&] { mean(i); }) ==
        "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Int");
  CHECK(error_of([&] { mean(make_bool({1}, {1})); }) ==
        "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Bool");
  CHECK(error_of([&] { mean(x, DType::Int64); }) ==
        "mean(): could not infer output dtype. Optional dtype must be either a floating point or complex dtype. Got: Long");
  expect(mean(make<int64_t>({1, 2}, {2}), DType::Float32), DType::Float32, {}, {1.5});
  expect(mean(x.to(DType::Float16)), DType::Float16, {}, {2.0});
}

TEST_CASE("prod") {
  Tensor x = X();
  expect(prod(x, 2), DType::Float32, {2, 3}, {0.0, 91.40625, 23.71875, -14.625, 17.8125, 25.78125});
  expect(prod(x, 0, true), DType::Float32, {1, 3, 4},
         {0.0 * 4.0, 6.75 * -0.25, 2.5 * 6.5, 9.25 * 2.25, 5.0 * -2.0, 0.75 * 4.75, 7.5 * 0.5,
          3.25 * -3.75, -1.0 * 3.0, 5.75 * -1.25, 1.5 * -5.5, -2.75 * 1.25});
  expect(prod(I(), 1), DType::Int64, {2, 4}, {-18, 0, 0, 18, 0, -6, -18, 0});
  expect(prod(I()), DType::Int64, {}, {0});
  expect(prod(make_bool({1, 0}, {2})), DType::Int64, {}, {0});
  expect(prod(make<float>({1e20f, 1e20f, 1e-20f}, {3})), DType::Float32, {}, {kInf});
  CHECK(error_of([&] { prod(x.to(DType::Float16)); }) == "\"prod_cpu\" not implemented for 'Half'");
}

TEST_CASE("max, min, amax, amin and their indices") {
  Tensor x = X();
  expect(max(x), DType::Float32, {}, {9.25});
  expect(min(x), DType::Float32, {}, {-5.5});
  auto [v, i] = max(x, 1);
  expect(v, DType::Float32, {2, 4}, {5.0, 6.75, 7.5, 9.25, 4.0, 4.75, 6.5, 2.25});
  expect(i, DType::Int64, {2, 4}, {1, 0, 1, 0, 0, 1, 0, 0});
  auto [mv, mi] = min(x, 2, true);
  expect(mv, DType::Float32, {2, 3, 1}, {0.0, 0.75, -2.75, -0.25, -3.75, -5.5});
  expect(mi, DType::Int64, {2, 3, 1}, {0, 1, 3, 1, 3, 2});
  auto [iv, ii] = max(I(), 0);
  expect(iv, DType::Int32, {3, 4}, {1, 2, 0, 2, 3, 1, 3, 1, 2, 0, 2, 3});
  expect(ii, DType::Int64, {3, 4}, {1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0});
  expect(amax(x, {0, 2}), DType::Float32, {3}, {9.25, 7.5, 5.75});
  expect(amin(x, -1), DType::Float32, {2, 3}, {0.0, 0.75, -2.75, -0.25, -3.75, -5.5});
  expect(amax(x, {}, true), DType::Float32, {1, 1, 1}, {9.25});
  expect(max(make_bool({0, 1}, {2})), DType::Bool, {}, {1});
  expect(amax(x.to(DType::Float16), 1), DType::Float16, {2, 4}, {5.0, 6.75, 7.5, 9.25, 4.0, 4.75, 6.5, 2.25});
  auto [lo, hi] = aminmax(x, 1, true);
  expect(lo, DType::Float32, {2, 1, 4}, {-1.0, 0.75, 1.5, -2.75, -2.0, -1.25, -5.5, -3.75});
  expect(hi, DType::Float32, {2, 1, 4}, {5.0, 6.75, 7.5, 9.25, 4.0, 4.75, 6.5, 2.25});
}

TEST_CASE("argmax and argmin, ties take the first occurrence") {
  Tensor i = I();
  expect(argmax(i, 2), DType::Int64, {2, 3}, {1, 0, 3, 3, 2, 2});
  expect(argmin(i, 1), DType::Int64, {2, 4}, {0, 2, 2, 1, 2, 2, 0, 2});
  expect(argmax(X()), DType::Int64, {}, {3});
  expect(argmin(X()), DType::Int64, {}, {22});
  expect(argmax(X(), std::nullopt, true), DType::Int64, {1, 1, 1}, {3});
  Tensor t = make<float>({3, 1, 3}, {3});
  expect(argmax(t), DType::Int64, {}, {0});
  auto [v, idx] = max(make<int64_t>({1, 3, 3}, {3}), 0);
  expect(idx, DType::Int64, {}, {1});
  expect(argmin(make<int64_t>({1, 3, 1, 4, 4, 0}, {2, 3}), 1), DType::Int64, {2}, {0, 2});
  CHECK(error_of([&] { argmax(make_bool({1, 0}, {2})); }) == "\"argmax_cpu\" not implemented for 'Bool'");
  expect(argmax(X().to(DType::Float16)), DType::Int64, {}, {3});
}

TEST_CASE("NaN propagates through max, min, amax and the arg-reductions") {
  Tensor n = make<float>({1.0f, NAN, 3.0f}, {3});
  expect(max(n), DType::Float32, {}, {kNaN});
  expect(amin(n), DType::Float32, {}, {kNaN});
  auto [v, i] = max(n, 0);
  expect(v, DType::Float32, {}, {kNaN});
  expect(i, DType::Int64, {}, {1});
  expect(argmax(n), DType::Int64, {}, {1});
  expect(argmin(make<float>({1.0f, NAN, 3.0f, NAN}, {4})), DType::Int64, {}, {1});
  expect(argmax(make<float>({2.0f, NAN, INFINITY}, {3})), DType::Int64, {}, {1});
  expect(amax(make<float>({1.0f, NAN, 2.0f, 3.0f}, {2, 2}), 0), DType::Float32, {2}, {2.0, kNaN});
  auto [lo, hi] = aminmax(n);
  expect(lo, DType::Float32, {}, {kNaN});
  expect(hi, DType::Float32, {}, {kNaN});
}

TEST_CASE("reductions of a transposed (non-contiguous) view") {
  Tensor xt = Xt();
  REQUIRE(!xt.is_contiguous());
  // argmax/argmin without dim count in the view's logical order.
  expect(argmax(xt), DType::Int64, {}, {18});
  expect(argmin(xt), DType::Int64, {}, {17});
  expect(sum(xt, 0), DType::Float32, {3, 2}, {18.5, 12.5, 16.5, -0.5, 3.5, -2.5});
  expect(sum(xt, 1), DType::Float32, {4, 2}, {4.0, 5.0, 13.25, 3.25, 11.5, 1.5, 9.75, -0.25});
  expect(sum(xt, 2), DType::Float32, {4, 3}, {4.0, 3.0, 2.0, 6.5, 5.5, 4.5, 9.0, 8.0, -4.0, 11.5, -0.5, -1.5});
  expect(sum(xt, {0, 2}), DType::Float32, {3}, {31.0, 16.0, 1.0});
  expect(amax(xt, {0, 1}), DType::Float32, {2}, {9.25, 6.5});
  expect(std::get<1>(max(xt, 1)), DType::Int64, {4, 2}, {1, 0, 0, 1, 1, 0, 0, 0});
  expect(ts::std(xt, 1), DType::Float32, {4, 2},
         {3.214550256729126, 3.214550256729126, 3.214550256729126, 3.214550256729126,
          3.214550256729126, 6.0, 6.0, 3.214550256729126});
  expect(cumsum(xt, 1), DType::Float32, {4, 3, 2},
         {0.0, 4.0, 5.0, 2.0, 4.0, 5.0, 6.75, -0.25, 7.5, 4.5, 13.25, 3.25,
          2.5, 6.5, 10.0, 7.0, 11.5, 1.5, 9.25, 2.25, 12.5, -1.5, 9.75, -0.25});
}

TEST_CASE("all, any and count_nonzero") {
  Tensor x = X();
  expect(all(x, 2), DType::Bool, {2, 3}, {0, 1, 1, 1, 1, 1});
  expect(any(x, 0), DType::Bool, {3, 4}, std::vector<double>(12, 1.0));
  expect(all(x), DType::Bool, {}, {0});
  expect(any(make<int64_t>({0, 0}, {2})), DType::Bool, {}, {0});
  // uint8 inputs give uint8 results.
  expect(all(make<uint8_t>({1, 2, 0}, {3})), DType::UInt8, {}, {0});
  expect(any(make<uint8_t>({1, 2, 0}, {3}), 0), DType::UInt8, {}, {1});
  expect(all(make<float>({NAN}, {1})), DType::Bool, {}, {1});
  expect(count_nonzero(x, 1), DType::Int64, {2, 4}, {2, 3, 3, 3, 3, 3, 3, 3});
  expect(count_nonzero(x), DType::Int64, {}, {23});
  expect(count_nonzero_dims(make<float>({NAN, 0.0f, -0.0f}, {3}), {0}), DType::Int64, {}, {1});
}

TEST_CASE("std and var: unbiased, correction, keepdim") {
  Tensor x = X();
  expect(ts::std(x), DType::Float32, {}, {3.754707098007202});
  expect(var(x, 1), DType::Float32, {2, 4},
         {10.333333015441895, 10.333333015441895, 10.333333015441895, 36.0, 10.333333015441895,
          10.333333015441895, 36.0, 10.333333015441895});
  expect(ts::std(x, 2, false, true), DType::Float32, {2, 3, 1},
         {3.5990450382232666, 2.4653854370117188, 3.1942331790924072, 2.4653854370117188,
          3.1942331790924072, 3.1942331790924072});
  expect(var_correction(x, IntArrayRef{0, 1}, 2), DType::Float32, {4},
         {10.375, 14.5, 27.33333396911621, 27.33333396911621});
  // torch.var(torch.tensor([1., 2.]), 0, correction=-1) divides by N + 1
  expect(var_correction(make<float>({1, 2}, {2}), IntArrayRef{0}, -1), DType::Float32, {}, {0.5 / 3});
  // correction >= N divides by 0
  expect(var_correction(x, IntArrayRef{1}, 5), DType::Float32, {2, 4}, std::vector<double>(8, kInf));
  expect(ts::std(make<float>({3}, {1})), DType::Float32, {}, {kNaN});
  auto [s, m] = std_mean_dim(x, IntArrayRef{1});
  expect(s, DType::Float32, {2, 4},
         {3.214550256729126, 3.214550256729126, 3.214550256729126, 6.0, 3.214550256729126,
          3.214550256729126, 6.0, 3.214550256729126});
  expect(m, DType::Float32, {2, 4},
         {1.3333333730697632, 4.416666507720947, 3.8333332538604736, 3.25, 1.6666666269302368,
          1.0833333730697632, 0.5, -0.0833333358168602});
  auto [v0, m0] = var_mean_correction(x, IntArrayRef{0, 2}, 0);
  expect(v0, DType::Float32, {3}, {10.078125, 12.65625, 10.765625});
  CHECK(error_of([&] { ts::std(I()); }) == "std and var only support floating point and complex dtypes");
  // Precision: the two-pass algorithm in double keeps small spreads on large offsets.
  expect(var(make<double>({1e9 + 1, 1e9 + 2, 1e9 + 3}, {3})), DType::Float64, {}, {1.0}, 1e-12);
}

TEST_CASE("logsumexp and norm") {
  Tensor x = X();
  expect(logsumexp(x, 1), DType::Float32, {2, 4},
         {5.009174346923828, 7.065072059631348, 7.509174346923828, 9.252481460571289,
          4.315072059631348, 4.759174346923828, 6.502481937408447, 2.5650720596313477});
  expect(logsumexp(x, {0, 2}), DType::Float32, {3}, {9.392812728881836, 7.6505279541015625, 5.837644577026367});
  expect(logsumexp(make<float>({INFINITY, 1.0f}, {2}), 0), DType::Float32, {}, {kInf});
  expect(logsumexp(make<float>({-INFINITY, -INFINITY}, {2}), 0), DType::Float32, {}, {-kInf});
  expect(logsumexp(empty({0, 3}), 0), DType::Float32, {3}, {-kInf, -kInf, -kInf});
  expect(logsumexp(make<int32_t>({0, 1, 2, 3, 4, 5}, {2, 3}), 1), DType::Float32, {2},
         {2.4076058864593506, 5.407605648040771});
  CHECK(error_of([&] { logsumexp(x, {}); }) == "output with shape [] doesn't match the broadcast shape [1, 1, 1]");
  expect(norm(x), DType::Float32, {}, {20.5});
  expect(norm(x, 1, 2), DType::Float32, {2, 3}, {18.5, 16.5, 11.0, 13.0, 11.0, 11.0});
  expect(norm(x, 3, {0, 1}), DType::Float32, {4},
         {6.082202434539795, 8.468017578125, 9.590094566345215, 9.699941635131836});
  expect(norm(x, kInf, 1), DType::Float32, {2, 4}, {5.0, 6.75, 7.5, 9.25, 4.0, 4.75, 6.5, 3.75});
  expect(norm(x, -kInf, 1), DType::Float32, {2, 4}, {0.0, 0.75, 1.5, 2.75, 2.0, 0.25, 0.5, 1.25});
  expect(norm(x, 0, 1), DType::Float32, {2, 4}, {2.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0});
  expect(norm(x, 0.5), DType::Float32, {}, {1619.671875});
  expect(norm(x, 2, {1}, true, DType::Float64), DType::Float64, {2, 1, 4},
         {5.0990195135927845, 8.898735865278843, 8.04673846971554, 10.18270592720815,
          5.385164807134504, 4.9180788932265, 8.52936105461599, 4.548351349665063}, 1e-12);
  expect(norm(make<float>({-2, 1}, {2}), -2), DType::Float32, {}, {0.8944271909999159});
  CHECK(error_of([&] { norm(I()); }) == "norm(): input dtype should be either floating point or complex. Got Int instead.");
  CHECK(error_of([&] { norm(x, 2, DType::Int32); }) ==
        "norm(): the desired output dtype should be either floating point or complex. Got Int instead.");
}

TEST_CASE("nansum and nanmean") {
  Tensor n = make<float>({1, NAN, 3, NAN, NAN, 2}, {2, 3});
  expect(nansum(n, IntArrayRef{1}), DType::Float32, {2}, {4.0, 2.0});
  expect(nanmean(n, IntArrayRef{0}), DType::Float32, {3}, {1.0, kNaN, 2.5});
  expect(nanmean(n), DType::Float32, {}, {2.0});
  expect(nansum(make_bool({1, 1, 0}, {3})), DType::Int64, {}, {2});
  CHECK(error_of([&] { nanmean(I()); }) == "nanmean(): expected input to have floating point dtype but got Int");
  CHECK(error_of([&] { nansum(n, std::nullopt, false, DType::Int64); }) == "\"nansum_cpu\" not implemented for 'Long'");
}

TEST_CASE("cumsum and cumprod") {
  Tensor x = X();
  expect(cumsum(x, 1), DType::Float32, {2, 3, 4},
         {0.0, 6.75, 2.5, 9.25, 5.0, 7.5, 10.0, 12.5, 4.0, 13.25, 11.5, 9.75,
          4.0, -0.25, 6.5, 2.25, 2.0, 4.5, 7.0, -1.5, 5.0, 3.25, 1.5, -0.25});
  expect(cumprod(x, 2), DType::Float32, {2, 3, 4},
         {0.0, 0.0, 0.0, 0.0, 5.0, 3.75, 28.125, 91.40625, -1.0, -5.75, -8.625, 23.71875,
          4.0, -1.0, -6.5, -14.625, -2.0, -9.5, -4.75, 17.8125, 3.0, -3.75, 20.625, 25.78125});
  expect(cumsum(I(), 0), DType::Int64, {2, 3, 4},
         {-3, 2, 0, -2, 3, 1, -1, -3, 2, 0, -2, 3, -2, 1, -3, 0, 3, -1, 2, -2, 1, -3, 0, 3});
  expect(cumprod(I(), -1), DType::Int64, {2, 3, 4},
         {-3, -6, 0, 0, 3, 3, -3, 9, 2, 0, 0, 0, 1, -1, 3, 6, 0, 0, 0, 0, -1, 3, 6, 0});
  Tensor i8 = make<int8_t>({100, 100, 100}, {3});
  expect(cumsum(i8, 0, DType::Int8), DType::Int8, {3}, {100, -56, 44});
  expect(cumsum(i8, 0), DType::Int64, {3}, {100, 200, 300});
  expect(cumsum(make_bool({1, 0}, {2}), 0), DType::Int64, {2}, {1, 1});
  expect(cumsum(make<float>({1, NAN, 2}, {3}), 0), DType::Float32, {3}, {1.0, kNaN, kNaN});
  Tensor c = I();
  cumsum_(c, 0);
  expect(c, DType::Int32, {2, 3, 4},
         {-3, 2, 0, -2, 3, 1, -1, -3, 2, 0, -2, 3, -2, 1, -3, 0, 3, -1, 2, -2, 1, -3, 0, 3});
  CHECK(error_of([&] { cumprod_(I(), 1, DType::Float32); }) ==
        "Bad in-place call: input tensor dtype int and output tensor dtype float should match");
  CHECK(error_of([&] { cumsum(x.to(DType::Float16), 0); }) == "\"cumsum_out_cpu\" not implemented for 'Half'");
  expect(cumsum(empty({0, 3}), 1), DType::Float32, {0, 3}, {});
}

TEST_CASE("zero-size reductions") {
  Tensor e = empty({0, 3});
  expect(sum(e), DType::Float32, {}, {0.0});
  expect(mean(e), DType::Float32, {}, {kNaN});
  expect(mean(e, 0), DType::Float32, {3}, {kNaN, kNaN, kNaN});
  expect(prod(e), DType::Float32, {}, {1.0});
  expect(prod(e, 1), DType::Float32, {0}, {});
  expect(ts::std(e), DType::Float32, {}, {kNaN});
  expect(all(e, 0), DType::Bool, {3}, {1, 1, 1});
  expect(any(e), DType::Bool, {}, {0});
  expect(norm(e), DType::Float32, {}, {0.0});
  expect(count_nonzero(e), DType::Int64, {}, {0});
  expect(amax(e, 1), DType::Float32, {0}, {});
  expect(std::get<1>(max(e, 1)), DType::Int64, {0}, {});
  expect(argmax(e, 1), DType::Int64, {0}, {});
  ErrorKind kind = ErrorKind::Runtime;
  CHECK(error_of([&] { max(e); }) ==
        "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.");
  CHECK(error_of([&] { min(e); }) ==
        "min(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.");
  CHECK(error_of([&] { max(e, 0); }, &kind) == "max(): Expected reduction dim 0 to have non-zero size.");
  CHECK(kind == ErrorKind::Index);
  CHECK(error_of([&] { amax(e, 0); }) == "amax(): Expected reduction dim 0 to have non-zero size.");
  CHECK(error_of([&] { amin(e); }) ==
        "amin(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.");
  CHECK(error_of([&] { argmax(e); }, &kind) == "argmax(): Expected reduction dim to be specified for input.numel() == 0.");
  CHECK(kind == ErrorKind::Index);
  CHECK(error_of([&] { argmin(e, 0); }) == "argmin(): Expected reduction dim 0 to have non-zero size.");
  CHECK(error_of([&] { aminmax(e); }) ==
        "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
  CHECK(error_of([&] { aminmax(e, 0); }) == "aminmax: Expected reduction dim 0 to have non-zero size.");
}

TEST_CASE("0-dim inputs reduce over dim 0 or -1") {
  Tensor s = make<float>({5}, {});
  expect(sum(s, 0), DType::Float32, {}, {5.0});
  expect(sum(s, IntArrayRef{}, true), DType::Float32, {}, {5.0});
  auto [v, i] = max(s, 0, true);
  expect(v, DType::Float32, {}, {5.0});
  expect(i, DType::Int64, {}, {0});
  expect(var(s, 0), DType::Float32, {}, {kNaN});
  expect(cumsum(s, 0), DType::Float32, {}, {5.0});
  expect(logsumexp(s, {}), DType::Float32, {}, {5.0});
  CHECK(error_of([&] { sum(s, 1); }) == "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
}

TEST_CASE("dim errors use PyTorch's wording") {
  Tensor x = make<float>({0, 1, 2, 3, 4, 5}, {2, 3});
  ErrorKind kind = ErrorKind::Runtime;
  CHECK(error_of([&] { sum(x, 2); }, &kind) == "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  CHECK(kind == ErrorKind::Index);
  CHECK(error_of([&] { sum(x, {0, 5}); }) == "Dimension out of range (expected to be in range of [-2, 1], but got 5)");
  CHECK(error_of([&] { max(x, -3); }) == "Dimension out of range (expected to be in range of [-2, 1], but got -3)");
  CHECK(error_of([&] { cumsum(x, 2); }) == "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  CHECK(error_of([&] { sum(x, {0, 0}); }, &kind) == "dim 0 appears multiple times in the list of dims");
  CHECK(kind == ErrorKind::Runtime);
  CHECK(error_of([&] { mean(x, {0, -2}); }) == "dim 0 appears multiple times in the list of dims");
  CHECK(error_of([&] { amax(x, {1, 1}); }) == "dim 1 appears multiple times in the list of dims");
  CHECK(error_of([&] { ts::std(x, {-1, 1}); }) == "dim 1 appears multiple times in the list of dims");
}

TEST_CASE("out= variants resize and cast like PyTorch") {
  Tensor h = make<float>({0.5f, 0.5f, 0.7f}, {3});
  // The sum runs in the out tensor's dtype: the input is cast to int64 first.
  Tensor o = empty({}, DType::Int64);
  sum_out(h, IntArrayRef{0}, false, std::nullopt, o);
  expect(o, DType::Int64, {}, {0});
  Tensor r = empty({5});
  sum_out(X(), IntArrayRef{0}, false, std::nullopt, r);
  expect(r, DType::Float32, {3, 4}, {4.0, 6.5, 9.0, 11.5, 3.0, 5.5, 8.0, -0.5, 2.0, 4.5, -4.0, -1.5});
  CHECK(error_of([&] { sum_out(h, IntArrayRef{0}, false, DType::Float64, empty({})); }) ==
        "Expected out tensor to have dtype double, but got float instead");
  CHECK(error_of([&] { amax_out(h, 0, false, empty({}, DType::Float64)); }) ==
        "Expected the dtype for input and out to match, but got Float for input's dtype and Double for out's dtype.");
  CHECK(error_of([&] { argmax_out(h, 0, false, empty({}, DType::Int32)); }) ==
        "Expected out tensor to have dtype long int, but got int instead");
  CHECK(error_of([&] { all_out(h, 0, false, empty({})); }) == "all only supports bool tensor for result, got: Float");
  Tensor vals = empty({}), idx = empty({}, DType::Int64);
  max_out(X(), 1, false, vals, idx);
  expect(idx, DType::Int64, {2, 4}, {1, 0, 1, 0, 0, 1, 0, 0});
  Tensor c = empty({3}, DType::Int64);
  cumsum_out(h, 0, std::nullopt, c);
  expect(c, DType::Int64, {3}, {0, 0, 0});
}

TEST_CASE("large reductions match math on every kernel path") {
  // Row path split across threads (full sum), column path (dim 0), column path with few
  // columns (rows split across threads), and the reorder fallback (dims 0 and 2).
  const int64_t R = 4096, C = 1024;
  Tensor a = empty({R, C});
  float* p = a.data<float>();
  for (int64_t i = 0; i < R; ++i)
    for (int64_t j = 0; j < C; ++j) p[i * C + j] = float((i * 31 + j * 17) % 97) * 0.125f - 6.0f;
  auto f = [](int64_t i, int64_t j) { return double((i * 31 + j * 17) % 97) * 0.125 - 6.0; };
  double total = 0;
  std::vector<double> col(C, 0.0), row(R, 0.0);
  for (int64_t i = 0; i < R; ++i)
    for (int64_t j = 0; j < C; ++j) {
      total += f(i, j);
      col[j] += f(i, j);
      row[i] += f(i, j);
    }
  expect(sum(a), DType::Float32, {}, {total}, 1e-6);
  expect(sum(a, 0), DType::Float32, {C}, col, 1e-6);
  expect(sum(a, 1), DType::Float32, {R}, row, 1e-6);
  std::vector<double> mrow(R);
  for (int64_t i = 0; i < R; ++i) mrow[i] = row[i] / double(C);
  expect(mean(a, -1), DType::Float32, {R}, mrow, 1e-6);
  // Transposed: reducing dim 1 of a.t() reads columns.
  Tensor at = make_view(a, {C, R}, {1, C}, 0);
  expect(sum(at, 1), DType::Float32, {C}, col, 1e-6);
  // Narrow [R*C/2, 2] tensor reduced over dim 0.
  Tensor n = make_view(a, {R * C / 2, 2}, {2, 1}, 0);
  double e0 = 0, e1 = 0;
  for (int64_t k = 0; k < R * C; ++k) (k % 2 ? e1 : e0) += f(k / C, k % C);
  expect(sum(n, 0), DType::Float32, {2}, {e0, e1}, 1e-6);
  // [64, 64, 1024] viewed, reducing dims 0 and 2 needs the reordered copy.
  Tensor c3 = make_view(a, {64, 64, C}, {64 * C, C, 1}, 0);
  std::vector<double> mid(64, 0.0);
  for (int64_t i = 0; i < R; ++i)
    for (int64_t j = 0; j < C; ++j) mid[i % 64] += f(i, j);
  expect(sum(c3, {0, 2}), DType::Float32, {64}, mid, 1e-6);
  // amax and argmax over the columns: values repeat with period 97, so the first index wins.
  expect(amax(a, 0), DType::Float32, {C}, std::vector<double>(C, 96 * 0.125 - 6.0));
  std::vector<double> first(C);
  for (int64_t j = 0; j < C; ++j) {
    int64_t i = 0;
    while ((i * 31 + j * 17) % 97 != 96) ++i;
    first[j] = double(i);
  }
  expect(argmax(a, 0), DType::Int64, {C}, first);
  // Cascade precision: 2^22 copies of 0.1f sum to 2^22 * 0.1f within a few ulps.
  Tensor tenth = empty({int64_t(1) << 22});
  tenth.fill_(0.1f);
  expect(sum(tenth), DType::Float32, {}, {double(0.1f) * double(int64_t(1) << 22)}, 1e-6);
  double var_expect = 0, mean_expect = total / double(R * C);
  for (int64_t i = 0; i < R; ++i)
    for (int64_t j = 0; j < C; ++j) var_expect += (f(i, j) - mean_expect) * (f(i, j) - mean_expect);
  expect(var(a), DType::Float32, {}, {var_expect / double(R * C - 1)}, 1e-6);
  std::vector<double> cum(R);
  double run = 0;
  for (int64_t i = 0; i < R; ++i) cum[i] = (run += f(i, 5));
  expect(make_view(cumsum(a, 0), {R}, {C}, 5), DType::Float32, {R}, cum, 1e-6);
}

TEST_CASE("boxed calls pick the reduction overloads") {
  Tensor x = X();
  Stack s = ops::call("sum", {IValue(x), IValue(int64_t(1))});
  REQUIRE(s.size() == 1);
  expect(s[0].to_tensor(), DType::Float32, {2, 4}, {4.0, 13.25, 11.5, 9.75, 5.0, 3.25, 1.5, -0.25});
  s = ops::call("sum", {IValue(x)}, {{"dtype", IValue(DType::Float64)}});
  expect(s[0].to_tensor(), DType::Float64, {}, {48.0});
  s = ops::call("max", {IValue(x), IValue(int64_t(1))}, {{"keepdim", IValue(true)}});
  REQUIRE(s.size() == 2);
  expect(s[1].to_tensor(), DType::Int64, {2, 1, 4}, {1, 0, 1, 0, 0, 1, 0, 0});
  s = ops::call("std", {IValue(x), IValue(IntArrayRef{1})}, {{"correction", IValue(int64_t(0))}});
  expect(s[0].to_tensor(), DType::Float32, {2, 4},
         {std::sqrt(10.333333015441895 * 2 / 3), std::sqrt(10.333333015441895 * 2 / 3),
          std::sqrt(10.333333015441895 * 2 / 3), std::sqrt(24.0), std::sqrt(10.333333015441895 * 2 / 3),
          std::sqrt(10.333333015441895 * 2 / 3), std::sqrt(24.0), std::sqrt(10.333333015441895 * 2 / 3)});
  s = ops::call("mean", {IValue(x), IValue(IntArrayRef{0, 1}), IValue(true)});
  expect(s[0].to_tensor(), DType::Float32, {1, 1, 4}, {1.5, 2.75, 2.1666667461395264, 1.5833333730697632});
  s = ops::call("argmax", {IValue(x)});
  expect(s[0].to_tensor(), DType::Int64, {}, {3});
}
