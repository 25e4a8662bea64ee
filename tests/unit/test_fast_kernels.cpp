// The main job's fast CPU paths against PyTorch 1.13: conv2d forward and backward on shapes
// that reach each path of the direct float32 kernels (kernels/cpu/conv_direct.cpp; run with
// the AVX-512 tiles where the CPU has them and again with the AVX2 tiles) and the im2col
// fallback, and native_batch_norm forward / backward. Values from tests/golden/fast_kernels.json
// (tools/gen_fast_kernels_golden.py builds the same seq() inputs).
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <tuple>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tensor/cpu_capability.h"
#include "ops/ops.h"
#include "tensor/grad_mode.h"
#include "test_util.h"

using namespace ts;
using test::golden_json;
using nlohmann::json;

namespace {

// The generator's seq(): ((i * a + b) % m - m // 2) / 8, exact in float32.
Tensor seq(IntArrayRef shape, int64_t a, int64_t b, int64_t m) {
  Tensor t = empty(shape, DType::Float32);
  float* p = t.data<float>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = float((i * a + b) % m - m / 2) / 8.f;
  return t;
}

// Compares with golden case `name`: the stored values (every step-th) and the sum of all.
// Tolerances scale with the largest stored magnitude (sums of many products).
void check_golden(const std::string& name, const Tensor& t, double rtol = 1e-5) {
  INFO("case ", name);
  const json& c = golden_json("fast_kernels.json")["cases"].at(name);
  REQUIRE(t.numel() == c["numel"].get<int64_t>());
  Tensor d = contiguous(to_dtype(t, DType::Float64));
  const double* p = d.data<double>();
  const int64_t step = c["step"].get<int64_t>();
  const auto& vals = c["values"];
  // NaN and infinities are stored as strings ("nan", "inf", "-inf").
  auto value = [](const json& v) {
    return v.is_string() ? std::stod(v.get<std::string>()) : v.get<double>();
  };
  double scale = 1e-3, sum = 0;
  for (const auto& v : vals)
    if (std::isfinite(value(v))) scale = std::max(scale, std::fabs(value(v)));
  int bad = 0;
  for (size_t i = 0; i < vals.size(); ++i) {
    const double want = value(vals[i]), got = p[int64_t(i) * step];
    const bool ok = std::isfinite(want) ? std::fabs(got - want) <= rtol * scale
                                        : (std::isnan(want) ? std::isnan(got) : got == want);
    if (!ok && ++bad <= 5) FAIL_CHECK("index ", int64_t(i) * step, ": got ", got, ", PyTorch ", want);
  }
  for (int64_t i = 0; i < t.numel(); ++i)
    if (std::isfinite(p[i])) sum += p[i];
  const double want_sum = c["sum"].get<double>();
  CHECK(std::fabs(sum - want_sum) <= rtol * scale * std::sqrt(double(t.numel())) + 1e-9);
}

struct ConvCase {
  const char* name;
  DimVector in, w;
  bool bias;
  DimVector stride, padding, dilation;
  int64_t groups;
};

void check_conv(const ConvCase& c) {
  INFO("conv ", c.name);
  Tensor x = seq(c.in, 7, 3, 11), w = seq(c.w, 5, 1, 13);
  Tensor b = c.bias ? seq({c.w[0]}, 3, 2, 7) : Tensor();
  Tensor y = conv2d(x, w, b, c.stride, c.padding, c.dilation, c.groups);
  check_golden(std::string(c.name) + "/out", y);
  Tensor go = seq(y.sizes(), 3, 1, 5);
  auto [gi, gw, gb] = convolution_backward(go, x, w, c.stride, c.padding, c.dilation, false, {0},
                                           c.groups, {true, true, c.bias});
  check_golden(std::string(c.name) + "/gi", gi);
  check_golden(std::string(c.name) + "/gw", gw);
  if (c.bias) check_golden(std::string(c.name) + "/gb", gb);
}

const std::vector<ConvCase>& conv_cases() {
  static const std::vector<ConvCase> k{
      {"conv1_main", {2, 1, 28, 28}, {16, 1, 3, 3}, true, {1}, {1}, {1}, 1},
      {"conv2_main", {3, 16, 14, 14}, {32, 16, 3, 3}, true, {1}, {1}, {1}, 1},
      {"groups_3x5", {3, 6, 9, 11}, {10, 3, 3, 5}, true, {1}, {1, 2}, {1}, 2},
      {"dilation2", {2, 4, 10, 10}, {6, 4, 3, 3}, true, {1}, {2}, {2}, 1},
      {"batch1_2x2", {1, 3, 7, 7}, {5, 3, 2, 2}, true, {1}, {0, 1}, {1}, 1},
      {"nopad_cout7", {2, 2, 12, 12}, {7, 2, 3, 3}, false, {1}, {0}, {1}, 1},
      {"depthwise", {2, 8, 12, 12}, {8, 1, 3, 3}, true, {1}, {1}, {1}, 8},
      {"k5_cout40", {2, 3, 9, 9}, {40, 3, 5, 5}, true, {1}, {2}, {1}, 1},
      {"groups_og32", {2, 64, 7, 7}, {64, 32, 3, 3}, true, {1}, {1}, {1}, 2},
      {"dil_h_cout33", {2, 5, 11, 13}, {33, 5, 3, 3}, true, {1}, {2, 1}, {2, 1}, 1},
      {"stride2", {2, 3, 9, 9}, {8, 3, 3, 3}, true, {2}, {1}, {1}, 1},
      {"pointwise", {2, 6, 5, 5}, {4, 6, 1, 1}, true, {1}, {0}, {1}, 1},
      {"big_channels", {2, 160, 6, 6}, {16, 160, 3, 3}, true, {1}, {1}, {1}, 1},
      {"large_image", {1, 2, 90, 90}, {5, 2, 3, 3}, true, {1}, {1}, {1}, 1},  // several chunks
      // 5-channel weight-gradient tiles: 250 and 3 taps leave partial tap blocks.
      {"lenet2_cout20", {2, 10, 12, 12}, {20, 10, 5, 5}, true, {1}, {0}, {1}, 1},
      {"k3_cout10", {2, 1, 9, 9}, {10, 1, 3, 1}, true, {1}, {0}, {1}, 1},
  };
  return k;
}

// Runs f under each CPU capability this machine and build have (tensor/cpu_capability.h: the
// direct kernels are AVX2 tiles in the avx2 copy, AVX-512 tiles in the avx512 one, im2col +
// GEMM in the default one), restoring the level in use even when f throws.
template <typename F>
void under_each_capability(F f) {
  struct Restore {
    CpuCapability c;
    ~Restore() { set_cpu_capability(c); }
  } restore{cpu_capability()};
  for (int i = 0; i < kNumCpuCapabilities; ++i) {
    const CpuCapability c = CpuCapability(i);
    if (!cpu_supports(c) || !cpu_capability_built(c)) continue;
    CAPTURE(cpu_capability_name(c));
    set_cpu_capability(c);
    f();
  }
}

}  // namespace

TEST_CASE("direct conv2d: forward and gradients match PyTorch on every kernel path") {
  for (const ConvCase& c : conv_cases()) check_conv(c);
}

TEST_CASE("direct conv2d: every CPU capability's kernels match PyTorch too") {
  under_each_capability([] {
    for (const ConvCase& c : conv_cases()) check_conv(c);
  });
}

TEST_CASE("direct conv2d: conv_transpose2d with stride 1 (the input-gradient kernel)") {
  auto run = [] {
    Tensor y = conv_transpose2d(seq({2, 4, 6, 6}, 7, 3, 11), seq({4, 3, 3, 3}, 5, 1, 13),
                                seq({3}, 3, 2, 7), {1}, {1}, {1}, 1, {2});
    check_golden("transpose_s1/out", y);
  };
  run();
  under_each_capability(run);
}

TEST_CASE("native_batch_norm forward and backward match PyTorch (training and eval)") {
  const std::vector<std::pair<const char*, DimVector>> shapes{
      {"bn_small", {4, 16, 7, 9}}, {"bn_main", {16, 16, 28, 28}}, {"bn_2d", {10, 5}}};
  for (const auto& [name, shape] : shapes) {
    const std::string n(name);
    INFO("bn ", n);
    const int64_t c = shape[1];
    Tensor x = add(mul(seq(shape, 7, 3, 11), scalar_to_tensor(Scalar(3.0))),
                   scalar_to_tensor(Scalar(1.0)));
    Tensor w = add(seq({c}, 3, 2, 7), scalar_to_tensor(Scalar(1.0)));
    Tensor b = seq({c}, 5, 1, 13);
    Tensor rm = seq({c}, 2, 1, 5);
    Tensor rv = add(abs(seq({c}, 3, 1, 5)), scalar_to_tensor(Scalar(0.5)));
    auto [y, sm, si] = native_batch_norm(x, w, b, rm, rv, true, 0.1, 1e-5);
    check_golden(n + "/out", y);
    check_golden(n + "/save_mean", sm);
    check_golden(n + "/save_invstd", si);
    check_golden(n + "/running_mean", rm);
    check_golden(n + "/running_var", rv);
    Tensor go = seq(shape, 3, 1, 7);
    // Without grad mode: the kernel, not the differentiable composite for double backward.
    NoGradGuard no_grad;
    auto [gi, gw, gb] = native_batch_norm_backward(go, x, w, rm, rv, sm, si, true, 1e-5,
                                                   {true, true, true});
    check_golden(n + "/gi", gi);
    check_golden(n + "/gw", gw);
    check_golden(n + "/gb", gb);
    auto [ye, sme, sie] = native_batch_norm(x, w, b, rm, rv, false, 0.1, 1e-5);
    check_golden(n + "/eval_out", ye);
    auto [gie, gwe, gbe] = native_batch_norm_backward(go, x, w, rm, rv, Tensor(), Tensor(), false,
                                                      1e-5, {true, true, true});
    check_golden(n + "/eval_gi", gie);
    check_golden(n + "/eval_gw", gwe);
  }
}

TEST_CASE("max_pool2d 2x2 stride 2: values and indices match PyTorch (ties, NaN, -inf)") {
  const std::vector<std::tuple<const char*, DimVector, bool>> cases{
      {"pool_w35", {2, 3, 10, 35}, false}, {"pool_main", {1, 2, 28, 28}, false},
      {"pool_w7", {3, 1, 14, 14}, false},  {"pool_odd", {2, 2, 9, 15}, false},
      {"pool_ceil", {2, 2, 9, 15}, true}};
  for (const auto& [name, shape, ceil] : cases) {
    const std::string n(name);
    INFO("pool ", n);
    Tensor x = seq(shape, 7, 3, 11);
    float* p = x.data<float>();
    for (int64_t i = 0; i < x.numel(); i += 37) p[i] = std::numeric_limits<float>::quiet_NaN();
    for (int64_t i = 5; i < x.numel(); i += 53) p[i] = -std::numeric_limits<float>::infinity();
    auto [y, idx] = max_pool2d_with_indices(x, {2}, {2}, {0}, {1}, ceil);
    check_golden(n + "/out", y, 0.0);
    check_golden(n + "/idx", idx, 0.0);
  }
}
