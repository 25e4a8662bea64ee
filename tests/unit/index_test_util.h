// Small helpers for the indexing tests: tensors from literal values, values back in
// row-major order, and the message and kind of an expected error.
#pragma once

#include <doctest/doctest.h>

#include <functional>
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
