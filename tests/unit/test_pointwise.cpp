// Pointwise ops (unary math, activations, binary/ternary) checked against PyTorch 1.13:
// tests/golden/pointwise.json holds ~2200 calls and PyTorch's results or errors (written by
// tools/gen_pointwise_golden.py from exactly the inputs rebuilt here). Every golden call goes
// through the registry (ops::call), so schemas and overload binding are tested too. The
// hand-written cases below check aliasing, the C++ API, the parallel path and the accuracy
// of the vectorized float32 math against double-precision references.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/iter.h"
#include "test_util.h"

using namespace ts;
using test::golden_json;
using nlohmann::json;

namespace {

// Element i of a contiguous tensor, as double.
double get(const Tensor& t, int64_t i) {
  const char* p = static_cast<const char*>(t.data_ptr());
  switch (t.dtype()) {
    case DType::Bool: return reinterpret_cast<const bool*>(p)[i];
    case DType::UInt8: return reinterpret_cast<const uint8_t*>(p)[i];
    case DType::Int8: return reinterpret_cast<const int8_t*>(p)[i];
    case DType::Int16: return reinterpret_cast<const int16_t*>(p)[i];
    case DType::Int32: return reinterpret_cast<const int32_t*>(p)[i];
    case DType::Int64: return double(reinterpret_cast<const int64_t*>(p)[i]);
    case DType::Float16: return float(reinterpret_cast<const Half*>(p)[i]);
    case DType::BFloat16: return float(reinterpret_cast<const BFloat16*>(p)[i]);
    case DType::Float32: return reinterpret_cast<const float*>(p)[i];
    case DType::Float64: return reinterpret_cast<const double*>(p)[i];
  }
  return 0;
}

void set(const Tensor& t, int64_t i, const std::string& s) {
  char* p = static_cast<char*>(t.data_ptr());
  double d = std::strtod(s.c_str(), nullptr);  // hex floats, inf and nan included
  int64_t n = std::strtoll(s.c_str(), nullptr, 10);
  switch (t.dtype()) {
    case DType::Bool: reinterpret_cast<bool*>(p)[i] = n != 0; break;
    case DType::UInt8: reinterpret_cast<uint8_t*>(p)[i] = uint8_t(n); break;
    case DType::Int8: reinterpret_cast<int8_t*>(p)[i] = int8_t(n); break;
    case DType::Int16: reinterpret_cast<int16_t*>(p)[i] = int16_t(n); break;
    case DType::Int32: reinterpret_cast<int32_t*>(p)[i] = int32_t(n); break;
    case DType::Int64: reinterpret_cast<int64_t*>(p)[i] = n; break;
    case DType::Float16: reinterpret_cast<Half*>(p)[i] = Half(float(d)); break;
    case DType::BFloat16: reinterpret_cast<BFloat16*>(p)[i] = BFloat16(float(d)); break;
    case DType::Float32: reinterpret_cast<float*>(p)[i] = float(d); break;
    case DType::Float64: reinterpret_cast<double*>(p)[i] = d; break;
  }
}

DType dtype_of(const json& j) { return *dtype_from_name(j.get<std::string>()); }

// Layout "t": a transposed view of a contiguous [d1, d0] tensor holding `data`.
Tensor build_tensor(const json& spec) {
  DType dt = dtype_of(spec["dtype"]);
  std::vector<int64_t> shape = spec["shape"].get<std::vector<int64_t>>();
  bool transposed = spec["layout"] == "t";
  std::vector<int64_t> store = transposed ? std::vector<int64_t>{shape[1], shape[0]} : shape;
  Tensor base = empty(store, dt);
  const json& data = spec["data"];
  for (size_t i = 0; i < data.size(); ++i) set(base, int64_t(i), data[i].get<std::string>());
  if (!transposed) return base;
  return make_view(base, DimVector{shape[0], shape[1]}, DimVector{1, shape[0]}, 0);
}

IValue build_arg(const json& a) {
  if (a.contains("t")) return IValue(build_tensor(a["t"]));
  if (a.contains("i")) return IValue(a["i"].get<int64_t>());
  if (a.contains("f")) return IValue(std::strtod(a["f"].get<std::string>().c_str(), nullptr));
  if (a.contains("b")) return IValue(a["b"].get<bool>());
  if (a.contains("s")) return IValue(a["s"].get<std::string>());
  return IValue();
}

// torch.testing's default tolerances per dtype.
std::pair<double, double> default_tol(DType t) {
  switch (t) {
    case DType::Float16: return {1e-3, 1e-5};
    case DType::BFloat16: return {1.6e-2, 1e-5};
    case DType::Float32: return {1.3e-6, 1e-5};
    case DType::Float64: return {1e-7, 1e-7};
    default: return {0, 0};
  }
}

// The loosest tolerance among the result's and the floating inputs' dtypes: a float32 op
// written to a float64 out= is only float32-accurate.
std::pair<double, double> case_tol(const json& c, DType result) {
  auto tol = default_tol(result);
  for (const json& a : c["args"]) {
    if (!a.contains("t")) continue;
    auto t = default_tol(dtype_of(a["t"]["dtype"]));
    tol = {std::max(tol.first, t.first), std::max(tol.second, t.second)};
  }
  return tol;
}

void check_values(const json& c, const Tensor& r) {
  const json& e = c["expect"];
  DType dt = dtype_of(e["dtype"]);
  CHECK_MESSAGE(r.dtype() == dt, "dtype ", dtype_name(r.dtype()), " expected ", dtype_name(dt));
  std::vector<int64_t> shape = e["shape"].get<std::vector<int64_t>>();
  REQUIRE_MESSAGE(r.sizes() == IntArrayRef(shape), "shape ", shape_str(r.sizes()), " expected ",
                  shape_str(shape));
  if (r.dtype() != dt) return;
  auto [rtol, atol] = case_tol(c, dt);
  if (c.contains("tol")) {
    rtol = c["tol"][0].get<double>();
    atol = c["tol"][1].get<double>();
  }
  Tensor rc = r.contiguous();
  const json& vals = e["values"];
  int bad = 0;
  for (size_t i = 0; i < vals.size() && bad < 3; ++i) {
    double want = std::strtod(vals[i].get<std::string>().c_str(), nullptr);
    double got = get(rc, int64_t(i));
    bool ok;
    if (std::isnan(want)) ok = std::isnan(got);
    else if (std::isinf(want)) ok = got == want;
    else ok = std::abs(got - want) <= atol + rtol * std::abs(want);
    if (!ok) {
      ++bad;
      CHECK_MESSAGE(ok, "element ", i, ": got ", got, " expected ", want);
    }
  }
}

// Runs one golden case through the registry and compares with PyTorch's outcome.
void run_case(const json& c) {
  const std::string id = c["id"].get<std::string>();
  INFO("case ", id);
  Stack args;
  for (const json& a : c["args"]) args.push_back(build_arg(a));
  ops::Kwargs kwargs;
  for (auto& [k, v] : c["kwargs"].items()) kwargs.emplace_back(k, build_arg(v));
  Tensor self = args.empty() || !args[0].is_tensor() ? Tensor() : args[0].to_tensor();
  Tensor out;
  for (auto& [k, v] : kwargs)
    if (k == "out") out = v.to_tensor();
  const json& e = c["expect"];
  try {
    Stack r = ops::call(c["op"].get<std::string>(), args, kwargs);
    REQUIRE(r.size() == 1);
    if (e.contains("error")) {
      FAIL_CHECK("expected ", e["error"].get<std::string>(), ": ", e["msg"].get<std::string>());
      return;
    }
    if (e.contains("bool")) {
      CHECK(r[0].to_bool() == e["bool"].get<bool>());
      return;
    }
    Tensor t = r[0].to_tensor();
    if (c["mode"] == "i") CHECK_MESSAGE(t.is_same(self), "in-place op must return self");
    if (c["mode"] == "o") CHECK_MESSAGE(t.is_same(out), "out= op must return out");
    check_values(c, t);
  } catch (const Error& err) {
    if (!e.contains("error")) {
      FAIL_CHECK("unexpected error: ", err.what());
      return;
    }
    std::string msg = err.what(), want = e["msg"].get<std::string>();
    if (e["prefix"].get<bool>()) msg = msg.substr(0, want.size());
    CHECK(msg == want);
    CHECK(std::string(error_kind_name(err.kind())) == e["error"].get<std::string>());
  }
}

int run_group(const std::string& group) {
  int n = 0;
  for (const json& c : golden_json("pointwise.json")["cases"]) {
    if (c["group"] != group) continue;
    run_case(c);
    ++n;
  }
  return n;
}

Tensor floats(std::vector<float> v) {
  Tensor t = empty({int64_t(v.size())}, DType::Float32);
  for (size_t i = 0; i < v.size(); ++i) t.data<float>()[i] = v[i];
  return t;
}

}  // namespace

TEST_CASE("pointwise golden: unary float math (exp, sqrt, sin, erfinv, ...)") {
  CHECK(run_group("unary_float") > 400);
}
TEST_CASE("pointwise golden: same-dtype unary ops and predicates") {
  CHECK(run_group("unary_plain") > 400);
}
TEST_CASE("pointwise golden: clamp, hardtanh, relu6, threshold") { CHECK(run_group("clamp") > 100); }
TEST_CASE("pointwise golden: activations") { CHECK(run_group("activation") > 150); }
TEST_CASE("pointwise golden: comparisons and logical ops") { CHECK(run_group("compare") > 200); }
TEST_CASE("pointwise golden: maximum, minimum, fmax, fmin, max.other") {
  CHECK(run_group("maxmin") > 100);
}
TEST_CASE("pointwise golden: remainder, fmod, floor_divide, true_divide") {
  CHECK(run_group("division") > 100);
}
TEST_CASE("pointwise golden: bitwise ops") { CHECK(run_group("bitwise") > 50); }
TEST_CASE("pointwise golden: atan2, hypot, copysign, logaddexp, xlogy") {
  CHECK(run_group("float_binary") > 100);
}
TEST_CASE("pointwise golden: pow and float_power") { CHECK(run_group("pow") > 100); }
TEST_CASE("pointwise golden: rsub") { CHECK(run_group("rsub") == 5); }
TEST_CASE("pointwise golden: where") { CHECK(run_group("where") > 15); }
TEST_CASE("pointwise golden: masked_fill") { CHECK(run_group("masked_fill") > 30); }
TEST_CASE("pointwise golden: lerp, addcmul, addcdiv") { CHECK(run_group("ternary") > 25); }
TEST_CASE("pointwise golden: isclose, allclose, equal") { CHECK(run_group("close") > 15); }

TEST_CASE("pointwise: every case in the golden file belongs to a tested group") {
  const std::vector<std::string> groups = {"unary_float", "unary_plain", "clamp", "activation",
                                           "compare", "maxmin", "division", "bitwise",
                                           "float_binary", "pow", "rsub", "where",
                                           "masked_fill", "ternary", "close"};
  for (const json& c : golden_json("pointwise.json")["cases"])
    CHECK(std::find(groups.begin(), groups.end(), c["group"].get<std::string>()) != groups.end());
}

TEST_CASE("pointwise: in-place ops write through views and keep aliasing") {
  // x_ on a transposed view updates the base storage in place.
  Tensor base = empty({2, 3}, DType::Float32);
  for (int i = 0; i < 6; ++i) base.data<float>()[i] = float(i);
  Tensor v = make_view(base, DimVector{3, 2}, DimVector{1, 3}, 0);
  Tensor r = exp_(v);
  CHECK(r.is_same(v));
  CHECK(base.data<float>()[4] == doctest::Approx(std::exp(4.0)));
  // positive returns self, not a copy.
  CHECK(positive(base).is_same(base));
  // masked_fill_ with a broadcast mask on a view.
  Tensor mask = empty({2}, DType::Bool);
  mask.data<bool>()[0] = true;
  mask.data<bool>()[1] = false;
  masked_fill_(v, mask, Scalar(-1.0));
  CHECK(base.data<float>()[0] == -1.0f);  // v[0][0]
  CHECK(base.data<float>()[3] == doctest::Approx(std::exp(3.0)));  // v[0][1] unchanged
}

TEST_CASE("pointwise: C++ API overloads and promotion") {
  Tensor i = empty({3}, DType::Int64);
  for (int k = 0; k < 3; ++k) i.data<int64_t>()[k] = k + 1;
  CHECK(sqrt(i).dtype() == DType::Float32);
  CHECK(pow(i, 2).dtype() == DType::Int64);
  CHECK(pow(i, 0.5).dtype() == DType::Float32);
  CHECK(pow(2, i).data<int64_t>()[2] == 8);
  CHECK(clamp(i, 0.5).dtype() == DType::Float32);
  CHECK(clamp(i, std::nullopt, 2).data<int64_t>()[2] == 2);
  CHECK(eq(i, 2).data<bool>()[1]);
  CHECK(where(gt(i, 1), i, 2.5).data<float>()[0] == 2.5f);
  CHECK(where(gt(i, 1), 1.0, 0.0).dtype() == DType::Float32);
  CHECK(masked_fill(i, eq(i, 3), 9).data<int64_t>()[2] == 9);
  CHECK(allclose(floats({1.0f, 2.0f}), floats({1.0f, 2.0000001f})));
  CHECK_FALSE(equal(floats({1.0f}), floats({1.0f, 2.0f})));
  CHECK(softsign(floats({3.0f})).data<float>()[0] == 0.75f);
  CHECK(tanhshrink(floats({0.0f})).data<float>()[0] == 0.0f);
  CHECK(relu(floats({-1.0f, 2.0f})).data<float>()[0] == 0.0f);
}

TEST_CASE("pointwise: registry has every pointwise op of the spec") {
  for (const char* n :
       {"neg", "abs", "sign", "sqrt", "rsqrt", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu",
        "floor", "ceil", "round", "trunc", "reciprocal", "square", "clamp", "clamp_min", "clamp_max",
        "logical_not", "isnan", "pow", "maximum", "minimum", "eq", "ne", "lt", "le", "gt", "ge",
        "where", "remainder", "floor_divide", "logical_and", "logical_or", "masked_fill", "max",
        "min", "exp2", "expm1", "log2", "log10", "log1p", "tan", "asin", "acos", "atan", "sinh",
        "cosh", "asinh", "acosh", "atanh", "erf", "erfc", "erfinv", "frac", "gelu", "silu", "mish",
        "softplus", "elu", "selu", "celu", "leaky_relu", "hardtanh", "hardsigmoid", "hardswish",
        "relu6", "log_sigmoid", "threshold", "bitwise_not", "isinf", "isfinite", "isposinf",
        "isneginf", "nan_to_num", "lgamma", "digamma", "sgn", "signbit", "positive", "deg2rad",
        "rad2deg", "sinc", "logit", "xlogy", "fmod", "atan2", "fmax", "fmin", "hypot", "copysign",
        "logaddexp", "logaddexp2", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor",
        "lerp", "addcmul", "addcdiv", "true_divide", "rsub", "float_power", "isclose", "allclose",
        "equal", "clip"})
    CHECK_MESSAGE(ops::has_op(n), n);
}

// The vectorized float32 math (libmvec) against double-precision libm, over many values:
// the error must stay within a few float32 ulps (PyTorch's own Sleef kernels are 1 ulp).
TEST_CASE("pointwise: float32 vector math accuracy against double references") {
  struct Fn {
    Tensor (*op)(const Tensor&);
    double (*ref)(double);
    double lo, hi;
    double max_ulp;
  };
  const Fn fns[] = {
      {&ts::exp, [](double x) { return std::exp(x); }, -104, 89, 4},
      {&ts::log, [](double x) { return std::log(x); }, 1e-30, 1e30, 4},
      {&ts::tanh, [](double x) { return std::tanh(x); }, -10, 10, 4},
      {&ts::sigmoid, [](double x) { return 1 / (1 + std::exp(-x)); }, -30, 30, 4},
      {&ts::sin, [](double x) { return std::sin(x); }, -100, 100, 4},
      {&ts::cos, [](double x) { return std::cos(x); }, -100, 100, 4},
      {&ts::erf, [](double x) { return std::erf(x); }, -4, 4, 4},
      {&ts::expm1, [](double x) { return std::expm1(x); }, -5, 5, 4},
      {&ts::log1p, [](double x) { return std::log1p(x); }, -0.99, 100, 4},
      {&ts::atan, [](double x) { return std::atan(x); }, -50, 50, 4},
      {&ts::sqrt, [](double x) { return std::sqrt(x); }, 0, 1e6, 0.5},
  };
  const int64_t n = 100003;  // odd: the padded vector tail runs too
  for (const Fn& f : fns) {
    Tensor x = empty({n}, DType::Float32);
    float* px = x.data<float>();
    for (int64_t i = 0; i < n; ++i) px[i] = float(f.lo + (f.hi - f.lo) * double(i) / double(n - 1));
    Tensor y = f.op(x);
    const float* py = y.data<float>();
    double worst = 0;
    for (int64_t i = 0; i < n; ++i) {
      double want = f.ref(double(px[i]));
      double ulp = std::max(double(std::nextafter(float(std::abs(want)), INFINITY) - float(std::abs(want))),
                            double(std::numeric_limits<float>::denorm_min()));
      worst = std::max(worst, std::abs(double(py[i]) - want) / ulp);
    }
    INFO("range [", f.lo, ", ", f.hi, "]");
    CHECK(worst <= f.max_ulp);
  }
}

TEST_CASE("pointwise: parallel loops over large and strided tensors match the serial result") {
  const int64_t rows = 513, cols = 257;  // above the grain size, odd sizes
  Tensor base = empty({cols, rows}, DType::Float32);
  float* p = base.data<float>();
  for (int64_t i = 0; i < rows * cols; ++i) p[i] = float(std::sin(double(i)) * 4);
  Tensor xt = make_view(base, DimVector{rows, cols}, DimVector{1, rows}, 0);  // transposed
  Tensor g = gelu(xt, "tanh");
  Tensor m = maximum(xt, floats({0.5f}));
  REQUIRE(g.sizes() == xt.sizes());
  for (int64_t r = 0; r < rows; r += 37) {
    for (int64_t c = 0; c < cols; c += 11) {
      double x = p[c * rows + r];
      double want = 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
      float got = static_cast<const float*>(g.data_ptr())[g.strides()[0] * r + g.strides()[1] * c];
      CHECK(got == doctest::Approx(want).epsilon(1e-5).scale(1));
      float mx = static_cast<const float*>(m.data_ptr())[m.strides()[0] * r + m.strides()[1] * c];
      CHECK(mx == std::max(float(x), 0.5f));
    }
  }
}
