// Helpers shared by the unit tests: tensors from literal values, values back in row-major order,
// the golden files of tests/golden (written from PyTorch by tools/gen_*_golden.py), element bit
// patterns and their hash, running with a given number of OpenMP threads, the message and kind
// of an expected error, approximate comparison with expected values, and seeded float64 inputs
// for gradient checks.
#pragma once

#include <doctest/doctest.h>
#include <omp.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ops/ops.h"

namespace ts::test {

template <typename T>
inline Tensor make(const std::vector<T>& v, IntArrayRef shape, DType dtype = DTypeOf<T>::value) {
  Tensor t = empty(shape, TensorOptions(dtype));
  REQUIRE(size_t(t.numel()) == v.size());
  TS_DISPATCH_ALL(dtype, "make", {
    auto* p = static_cast<scalar_t*>(t.data_ptr());
    for (size_t i = 0; i < v.size(); ++i) p[i] = scalar_t(v[i]);
  });
  return t;
}
inline Tensor F(const std::vector<double>& v, IntArrayRef shape) { return make(v, shape, DType::Float32); }
inline Tensor F(const std::vector<double>& v) { return F(v, {int64_t(v.size())}); }
inline Tensor L(const std::vector<int64_t>& v, IntArrayRef shape) { return make(v, shape, DType::Int64); }
inline Tensor L(const std::vector<int64_t>& v) { return L(v, {int64_t(v.size())}); }
inline Tensor L0(int64_t v) { return make(std::vector<int64_t>{v}, {}, DType::Int64); }
inline Tensor I32(const std::vector<int64_t>& v) { return make(v, {int64_t(v.size())}, DType::Int32); }
inline Tensor B(const std::vector<int>& v, IntArrayRef shape) { return make(v, shape, DType::Bool); }
inline Tensor B(const std::vector<int>& v) { return B(v, {int64_t(v.size())}); }
// 0, 1, 2, ... as float32 with `shape`.
inline Tensor arange_f(IntArrayRef shape) {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  std::vector<double> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[size_t(i)] = double(i);
  return F(v, shape);
}
inline Tensor zeros_f(IntArrayRef shape, DType dtype = DType::Float32) {
  Tensor t = empty(shape, TensorOptions(dtype));
  t.zero_();
  return t;
}

// Values in row-major order, as doubles.
inline std::vector<double> vals(const Tensor& t) {
  Tensor c = t.contiguous();
  std::vector<double> r(size_t(c.numel()));
  TS_DISPATCH_ALL(c.dtype(), "vals", {
    const auto* p = static_cast<const scalar_t*>(c.data_ptr());
    for (size_t i = 0; i < r.size(); ++i) {
      if constexpr (std::is_same_v<scalar_t, Half> || std::is_same_v<scalar_t, BFloat16>) r[i] = double(float(p[i]));
      else r[i] = double(p[i]);
    }
  });
  return r;
}
inline std::vector<int64_t> shape(const Tensor& t) { return t.sizes().vec(); }
inline std::vector<int64_t> strides(const Tensor& t) { return t.strides().vec(); }

// tests/golden/<file>, parsed once.
inline const nlohmann::json& golden_json(const std::string& file) {
  static std::map<std::string, nlohmann::json> loaded;
  auto it = loaded.find(file);
  if (it == loaded.end()) {
    std::ifstream f(std::string(TS_GOLDEN_DIR) + "/" + file);
    REQUIRE_MESSAGE(f.good(), "missing " TS_GOLDEN_DIR "/", file);
    it = loaded.emplace(file, nlohmann::json::parse(f)).first;
  }
  return it->second;
}

// Element bit patterns as unsigned integers (what the golden files store), in row-major order.
inline std::vector<uint64_t> bit_patterns(const Tensor& t) {
  Tensor c = t.contiguous();
  std::vector<uint64_t> out;
  const size_t es = c.element_size();
  const char* p = static_cast<const char*>(c.data_ptr());
  for (int64_t i = 0; i < c.numel(); ++i) {
    uint64_t v = 0;
    std::memcpy(&v, p + i * es, es);
    out.push_back(v);
  }
  return out;
}

// FNV-1a over 64-bit words, as the golden generators hash long results.
inline std::string fnv(const std::vector<uint64_t>& v) {
  uint64_t h = 1469598103934665603ull;
  for (uint64_t x : v) {
    h ^= x;
    h *= 1099511628211ull;
  }
  return std::to_string(h);
}

// f() run with `n` OpenMP threads (PyTorch's chunking of long loops depends on it).
template <typename F>
auto with_threads(int n, F&& f) {
  struct Restore {
    int old;
    ~Restore() { omp_set_num_threads(old); }
  } restore{omp_get_max_threads()};
  omp_set_num_threads(n);
  return f();
}

// The message of the ts::Error f throws ("<no error>" when it throws none), its kind in *kind.
template <typename F>
std::string error_of(F&& f, ErrorKind* kind = nullptr) {
  try {
    f();
  } catch (const Error& e) {
    if (kind) *kind = e.kind();
    return e.what();
  }
  return "<no error>";
}

// The kind of the ts::Error f throws (Assertion when it throws none).
template <typename F>
ErrorKind kind_of(F&& f) {
  ErrorKind k = ErrorKind::Assertion;
  error_of(f, &k);
  return k;
}

// got's values (as float64, row-major) approximately `want`, with relative tolerance tol.
inline void check_close(const Tensor& got, const std::vector<double>& want, double tol = 1e-5) {
  REQUIRE(got.defined());
  Tensor g = got.contiguous().to(DType::Float64);
  REQUIRE(g.numel() == int64_t(want.size()));
  for (size_t i = 0; i < want.size(); ++i)
    CHECK(g.data<double>()[i] == doctest::Approx(want[i]).epsilon(tol));
}

// Float64 inputs for gradient checks, drawn after seeding the default generator: normal values
// (seed 5 unless given), and uniform ones in [lo, hi) (seed 3).
inline Tensor rnd(std::vector<int64_t> shape, uint64_t seed = 5) {
  manual_seed(seed);
  return randn(shape, TensorOptions(DType::Float64));
}
inline Tensor pos(std::vector<int64_t> shape, double lo = 0.5, double hi = 1.5) {
  manual_seed(3);
  return rand(shape, TensorOptions(DType::Float64)) * (hi - lo) + lo;
}

struct Caught {
  bool thrown = false;
  ErrorKind kind = ErrorKind::Runtime;
  std::string message;
};
inline Caught caught(const std::function<void()>& f) {
  Caught c;
  try {
    f();
  } catch (const Error& e) {
    c.thrown = true;
    c.kind = e.kind();
    c.message = e.what();
  }
  return c;
}

}  // namespace ts::test

// CHECK_ERR(expr, ErrorKind::Index, "message"): expr throws that kind with exactly that text.
#define CHECK_ERR(expr, kind_, msg)                                  \
  do {                                                               \
    auto c_ = ::ts::test::caught([&] { (void)(expr); });             \
    CHECK_MESSAGE(c_.thrown, "no error from " #expr);                \
    CHECK(c_.message == std::string(msg));                           \
    CHECK(c_.kind == kind_);                                         \
  } while (0)
