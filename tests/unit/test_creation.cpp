// Factory functions against PyTorch 1.13: values and dtypes pasted from /usr/bin/python3, and
// arange/linspace/logspace bit for bit from tests/golden/creation.json
// (tools/gen_creation_golden.py).
#include <doctest/doctest.h>
#include <omp.h>

#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ops/ops.h"
#include "ops/registry.h"
#include "test_util.h"

using namespace ts;
using test::bit_patterns;
using test::fnv;
using test::golden_json;
using test::with_threads;

namespace {

// Runs f and returns the ts::Error it throws (kind and message); fails the test otherwise.
template <typename F>
Error error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  FAIL("expected a ts::Error");
  return Error(ErrorKind::Runtime, "");
}

template <typename T>
std::vector<T> values(const Tensor& t) {
  Tensor c = t.contiguous();
  const T* p = c.data<T>();
  return std::vector<T>(p, p + c.numel());
}

std::vector<int64_t> dims(const Tensor& t) { return t.sizes().vec(); }

Scalar scalar_from_json(const nlohmann::json& j) {
  const std::string kind = j["kind"];
  if (kind == "bool") return Scalar(j["value"].get<bool>());
  if (kind == "int") return Scalar(j["value"].get<int64_t>());
  return Scalar(std::strtod(j["value"].get<std::string>().c_str(), nullptr));
}

// Compares a generated tensor with one golden record (dtype, length, bits or hash).
void check_golden(const Tensor& t, const nlohmann::json& out, const std::string& what) {
  INFO(what);
  CHECK(std::string(dtype_name(t.dtype())) == out["dtype"].get<std::string>());
  REQUIRE(t.numel() == out["numel"].get<int64_t>());
  auto bits = bit_patterns(t);
  if (out.contains("bits")) {
    auto want = out["bits"].get<std::vector<uint64_t>>();
    size_t bad = 0;
    for (size_t i = 0; i < want.size(); ++i)
      if (bits[i] != want[i]) ++bad;
    CHECK(bad == 0);
  } else {
    CHECK(fnv(bits) == out["hash"].get<std::string>());
  }
}

TensorOptions dtype_opt(const nlohmann::json& c) {
  TensorOptions o;
  if (!c["dtype"].is_null()) o.dtype = dtype_from_name(c["dtype"].get<std::string>());
  return o;
}

}  // namespace

TEST_CASE("arange matches PyTorch bit for bit") {
  const auto& g = golden_json("creation.json");
  int n = 0;
  for (const auto& c : g["arange"]) {
    with_threads(c["out"]["threads"].get<int>(), [&] {
      Tensor t = arange(scalar_from_json(c["start"]), scalar_from_json(c["end"]),
                        scalar_from_json(c["step"]), dtype_opt(c));
      check_golden(t, c["out"], c.dump().substr(0, 160));
    });
    ++n;
  }
  CHECK(n >= 60);
}

TEST_CASE("linspace matches PyTorch bit for bit") {
  const auto& g = golden_json("creation.json");
  int n = 0;
  for (const auto& c : g["linspace"]) {
    with_threads(c["out"]["threads"].get<int>(), [&] {
      Tensor t = linspace(scalar_from_json(c["start"]), scalar_from_json(c["end"]),
                          c["steps"].get<int64_t>(), dtype_opt(c));
      check_golden(t, c["out"], c.dump().substr(0, 160));
    });
    ++n;
  }
  CHECK(n >= 90);
}

TEST_CASE("logspace matches PyTorch bit for bit") {
  const auto& g = golden_json("creation.json");
  int n = 0;
  for (const auto& c : g["logspace"]) {
    double base = std::strtod(c["base"].get<std::string>().c_str(), nullptr);
    Tensor t = logspace(scalar_from_json(c["start"]), scalar_from_json(c["end"]),
                        c["steps"].get<int64_t>(), base, dtype_opt(c));
    check_golden(t, c["out"], c.dump().substr(0, 160));
    ++n;
  }
  CHECK(n >= 30);
}

TEST_CASE("arange: lengths, dtype inference and errors") {
  // torch.arange(0, 1, 0.1) has 10 elements (ceil in double), float32.
  Tensor a = arange(0, 1, 0.1);
  CHECK(a.dtype() == DType::Float32);
  CHECK(dims(a) == std::vector<int64_t>{10});
  CHECK(values<float>(a)[9] == 0.8999999761581421f);
  CHECK(arange(5).dtype() == DType::Int64);
  CHECK(values<int64_t>(arange(true)) == std::vector<int64_t>{0});
  CHECK(arange(1, 2.5).numel() == 2);
  CHECK(values<int64_t>(arange(10, 0, -3)) == std::vector<int64_t>{10, 7, 4, 1});
  // int64 keeps PyTorch's integer size formula: start/end/step truncated first.
  CHECK(values<int64_t>(arange(-1.5, 5, 1.3, DType::Int64)) ==
        std::vector<int64_t>{-1, 0, 1, 2, 3, 4});
  CHECK(values<int32_t>(arange(0.5, 5, 1, DType::Int32)) == std::vector<int32_t>{0, 1, 2, 3, 4});
  CHECK(values<uint8_t>(arange(-3, 3, 1, DType::UInt8)) ==
        std::vector<uint8_t>{253, 254, 255, 0, 1, 2});
  CHECK(arange(0, 0).numel() == 0);

  CHECK(std::string(error_of([] { arange(0, 5, 0); }).what()) == "step must be nonzero");
  CHECK(std::string(error_of([] { arange(0, 5, 0.5, DType::Int64); }).what()) ==
        "step must be nonzero");
  CHECK(std::string(error_of([] { arange(0, -5, 1); }).what()) ==
        "upper bound and larger bound inconsistent with step sign");
  CHECK(std::string(error_of([] { arange(0, INFINITY); }).what()) == "unsupported range: 0 -> inf");
  CHECK(std::string(error_of([] { arange(0, NAN); }).what()) == "unsupported range: 0 -> nan");
  CHECK(std::string(error_of([] { arange(5, DType::Bool); }).what()) ==
        "\"arange_cpu\" not implemented for 'Bool'");
  CHECK(std::string(error_of([] { arange(0, 1e20, 1e19, DType::Int32); }).what()) ==
        "value cannot be converted to type int64_t without overflow");
}

TEST_CASE("arange.out resizes and writes through non-contiguous outputs") {
  Tensor out = empty({3}, DType::Float64);
  arange_out(0, 5, 1, out);
  CHECK(dims(out) == std::vector<int64_t>{5});
  CHECK(values<double>(out) == std::vector<double>{0, 1, 2, 3, 4});
  Tensor base = zeros({4, 2}, DType::Int64);
  Tensor col = select(base, 1, 1);  // stride 2
  arange_out(1, 5, 1, col);
  CHECK(values<int64_t>(base) == std::vector<int64_t>{0, 1, 0, 2, 0, 3, 0, 4});
}

TEST_CASE("linspace and logspace: dtypes, steps 0 and 1, errors") {
  CHECK(linspace(0, 1, 5).dtype() == DType::Float32);
  CHECK(values<float>(linspace(0, 1, 5)) == std::vector<float>{0, 0.25f, 0.5f, 0.75f, 1});
  CHECK(linspace(0, 1, 0).numel() == 0);
  CHECK(values<float>(linspace(0, 1, 1)) == std::vector<float>{0});
  CHECK(values<bool>(linspace(0, 1, 1, DType::Bool)) == std::vector<bool>{false});
  CHECK(std::string(error_of([] { linspace(0, 1, -1); }).what()) ==
        "number of steps must be non-negative");
  CHECK(std::string(error_of([] { linspace(0, 9, 5, DType::Bool); }).what()) ==
        "\"linspace_cpu\" not implemented for 'Bool'");
  CHECK(std::string(error_of([] { linspace(0, 300, 5, DType::UInt8); }).what()) ==
        "value cannot be converted to type uint8_t without overflow");
  CHECK(values<float>(logspace(0, 2, 3, 2.0)) == std::vector<float>{1, 2, 4});
  CHECK(values<float>(logspace(0, 2, 1)) == std::vector<float>{1});
  CHECK(values<bool>(logspace(0, 1, 1, 10.0, DType::Bool)) == std::vector<bool>{true});
  CHECK(std::string(error_of([] { logspace(0, 2, 3, 10.0, DType::Float16); }).what()) ==
        "\"logspace_cpu\" not implemented for 'Half'");
  CHECK(std::string(error_of([] { logspace(0, 2, -3); }).what()) ==
        "number of steps must be non-negative");
}

TEST_CASE("zeros, ones, full: dtype inference from the fill value") {
  Tensor z = zeros({2, 3});
  CHECK(z.dtype() == DType::Float32);
  CHECK(dims(z) == std::vector<int64_t>{2, 3});
  CHECK(values<float>(z) == std::vector<float>(6, 0.0f));
  CHECK(values<int32_t>(ones({2}, DType::Int32)) == std::vector<int32_t>{1, 1});
  CHECK(zeros({}).dim() == 0);
  CHECK(ones({0}).numel() == 0);
  CHECK(full({2}, true).dtype() == DType::Bool);
  CHECK(full({2}, 3).dtype() == DType::Int64);
  CHECK(full({2}, 3.5).dtype() == DType::Float32);
  CHECK(values<int32_t>(full({2}, 3.5, DType::Int32)) == std::vector<int32_t>{3, 3});
  CHECK(values<uint8_t>(full({2}, -1, DType::UInt8)) == std::vector<uint8_t>{255, 255});
  CHECK(values<bool>(full({1}, 2, DType::Bool)) == std::vector<bool>{true});
  CHECK(values<uint8_t>(full({1}, -255, DType::UInt8)) == std::vector<uint8_t>{1});
  CHECK(std::isinf(float(values<Half>(full({1}, INFINITY, DType::Float16))[0])));
  CHECK(full({}, 2).dtype() == DType::Int64);

  struct Bad {
    Scalar v;
    DType t;
    const char* msg;
  };
  const Bad bad[] = {
      {300, DType::UInt8, "value cannot be converted to type uint8_t without overflow"},
      {-256, DType::UInt8, "value cannot be converted to type uint8_t without overflow"},
      {255.5, DType::UInt8, "value cannot be converted to type uint8_t without overflow"},
      {-129, DType::Int8, "value cannot be converted to type int8_t without overflow"},
      {1e10, DType::Int32, "value cannot be converted to type int without overflow"},
      {NAN, DType::Int32, "value cannot be converted to type int without overflow"},
      {70000, DType::Float16, "value cannot be converted to type at::Half without overflow"},
      {3.5e38, DType::BFloat16, "value cannot be converted to type at::BFloat16 without overflow"},
      {1e39, DType::Float32, "value cannot be converted to type float without overflow"},
  };
  for (const Bad& b : bad) {
    Error e = error_of([&] { full({2}, b.v, b.t); });
    CHECK(std::string(e.what()) == b.msg);
  }
  CHECK(std::string(error_of([] {
                      zeros({2, -3});
                    }).what()) == "Trying to create tensor with negative dimension -3: [2, -3]");
}

TEST_CASE("eye") {
  Tensor e = eye(2, 3);
  CHECK(dims(e) == std::vector<int64_t>{2, 3});
  CHECK(values<float>(e) == std::vector<float>{1, 0, 0, 0, 1, 0});
  CHECK(values<int64_t>(eye(3, DType::Int64)) == std::vector<int64_t>{1, 0, 0, 0, 1, 0, 0, 0, 1});
  CHECK(values<bool>(eye(2, DType::Bool)) == std::vector<bool>{true, false, false, true});
  CHECK(eye(0).numel() == 0);
  CHECK(std::string(error_of([] { eye(-1); }).what()) == "n must be greater or equal to 0, got -1");
  CHECK(std::string(error_of([] { eye(2, -1); }).what()) ==
        "m must be greater or equal to 0, got -1");
}

TEST_CASE("*_like and new_* keep dtype, device and dense memory order") {
  Tensor base = empty({2, 3});
  Tensor tt = transpose(base, 0, 1);
  Tensor z = zeros_like(tt);
  CHECK(dims(z) == std::vector<int64_t>{3, 2});
  CHECK(z.strides().vec() == std::vector<int64_t>{1, 3});  // torch.zeros_like(x.t()).stride()
  Tensor sliced = slice(base, 1, 0, 3, 2);
  CHECK(ones_like(sliced).strides().vec() == std::vector<int64_t>{2, 1});
  Tensor i32 = empty({2, 3}, DType::Int32);
  CHECK(values<int32_t>(full_like(i32, 2.7)) == std::vector<int32_t>(6, 2));
  CHECK(full_like(i32, 2.7, DType::Float64).dtype() == DType::Float64);
  CHECK(new_full(i32, {2}, 3.5).dtype() == DType::Int32);
  CHECK(values<int32_t>(new_zeros(i32, {2})) == std::vector<int32_t>{0, 0});
  CHECK(new_ones(i32, {1}, DType::Float64).dtype() == DType::Float64);
  CHECK(dims(new_empty(i32, {4, 1})) == std::vector<int64_t>{4, 1});

  // Through the registry, as scripts call them.
  Stack r = ops::call("zeros_like", {IValue(tt)}, {{"dtype", IValue(DType::Int64)}});
  CHECK(r[0].to_tensor().dtype() == DType::Int64);
  CHECK(r[0].to_tensor().strides().vec() == std::vector<int64_t>{1, 3});
  r = ops::call("empty_like", {IValue(tt)});
  CHECK(r[0].to_tensor().strides().vec() == std::vector<int64_t>{1, 3});
  r = ops::call("new_full", {IValue(i32), IValue(IntArrayRef{2, 2}), IValue(7)});
  CHECK(values<int32_t>(r[0].to_tensor()) == std::vector<int32_t>(4, 7));
}

TEST_CASE("boxed factories take PyTorch's keyword arguments") {
  Stack r = ops::call("full", {IValue(IntArrayRef{2}), IValue(3)});
  CHECK(r[0].to_tensor().dtype() == DType::Int64);
  r = ops::call("arange", {IValue(0), IValue(1), IValue(0.25)});
  CHECK(values<float>(r[0].to_tensor()) == std::vector<float>{0, 0.25f, 0.5f, 0.75f});
  r = ops::call("arange", {IValue(5)}, {{"dtype", IValue(DType::Float64)}});
  CHECK(r[0].to_tensor().dtype() == DType::Float64);
  r = ops::call("eye", {IValue(2), IValue(3)});
  CHECK(dims(r[0].to_tensor()) == std::vector<int64_t>{2, 3});
  r = ops::call("scalar_tensor", {IValue(3)});
  CHECK(r[0].to_tensor().dtype() == DType::Float32);
  CHECK(r[0].to_tensor().dim() == 0);
  r = ops::call("empty_strided", {IValue(IntArrayRef{2, 3}), IValue(IntArrayRef{1, 2})});
  CHECK(r[0].to_tensor().strides().vec() == std::vector<int64_t>{1, 2});
  CHECK(std::string(
            error_of([] {
              ops::call("empty_strided", {IValue(IntArrayRef{2, 3}), IValue(IntArrayRef{1})});
            }).what()) == "dimensionality of sizes (2) must match dimensionality of strides (1)");
  Tensor out = empty({0}, DType::Int32);
  ops::call("ones", {IValue(IntArrayRef{3})}, {{"out", IValue(out)}});
  CHECK(values<int32_t>(out) == std::vector<int32_t>{1, 1, 1});
  r = ops::call("linspace", {IValue(0), IValue(1), IValue(3)}, {{"dtype", IValue(DType::Float64)}});
  CHECK(values<double>(r[0].to_tensor()) == std::vector<double>{0, 0.5, 1});
  CHECK(std::string(error_of([] {
                      ops::call("zeros", {IValue(IntArrayRef{2})}, {{"device", IValue("cuda")}});
                    }).what())
            .find("cuda") != std::string::npos);
}

TEST_CASE("tensor(): dtype inference like torch.tensor") {
  CHECK(tensor({1, 2}).dtype() == DType::Int64);
  CHECK(tensor({1, 2.0}).dtype() == DType::Float32);
  CHECK(tensor({true, 2}).dtype() == DType::Int64);
  CHECK(tensor({true, false}).dtype() == DType::Bool);
  CHECK(tensor({1, 2.5, true}).dtype() == DType::Float32);
  CHECK(values<float>(tensor({1, 2.5, true})) == std::vector<float>{1, 2.5f, 1});
  Tensor empty_list = tensor({});
  CHECK(empty_list.dtype() == DType::Float32);
  CHECK(dims(empty_list) == std::vector<int64_t>{0});
  Tensor e2 = tensor({{}, {}});
  CHECK(dims(e2) == std::vector<int64_t>{2, 0});
  Tensor m = tensor({{1, 2}, {3, 4}}, DType::Float64);
  CHECK(dims(m) == std::vector<int64_t>{2, 2});
  CHECK(values<double>(m) == std::vector<double>{1, 2, 3, 4});
  Tensor s = tensor(3);
  CHECK(s.dim() == 0);
  CHECK(s.dtype() == DType::Int64);
  CHECK(tensor(3.5).dtype() == DType::Float32);
  CHECK(tensor(true).dtype() == DType::Bool);
  CHECK(values<int32_t>(tensor({1.5, 2}, DType::Int32)) == std::vector<int32_t>{1, 2});
  CHECK(values<int64_t>(tensor({2.7, -2.7}, DType::Int64)) == std::vector<int64_t>{2, -2});
  CHECK(values<uint8_t>(tensor({-1}, DType::UInt8)) == std::vector<uint8_t>{255});
  CHECK(values<bool>(tensor({0.5, 0}, DType::Bool)) == std::vector<bool>{true, false});
  CHECK(std::isinf(values<float>(tensor({1e39}))[0]));
  // [[], [1]]: the empty inner list votes for the default float dtype.
  Error ragged = error_of([] { tensor({{1, 2, 3}, {3, 4}}); });
  CHECK(ragged.kind() == ErrorKind::Value);
  CHECK(std::string(ragged.what()) == "expected sequence of length 3 at dim 1 (got 2)");
  CHECK(std::string(error_of([] {
                      tensor({{{1, 2}}, {{3}}});
                    }).what()) == "expected sequence of length 2 at dim 2 (got 1)");
  Error not_seq = error_of([] { tensor({{1}, 2}); });
  CHECK(not_seq.kind() == ErrorKind::Type);
  CHECK(std::string(not_seq.what()) == "not a sequence");
  CHECK(std::string(error_of([] {
                      tensor({1, {2}});
                    }).what()) == "'list' object cannot be interpreted as an integer");
  CHECK(std::string(error_of([] {
                      tensor({1.0, {2}});
                    }).what()) == "must be real number, not list");
  CHECK(std::string(error_of([] { tensor({300}, DType::UInt8); }).what()) ==
        "value cannot be converted to type uint8 without overflow");
  CHECK(std::string(error_of([] { tensor({NAN}, DType::Int32); }).what()) ==
        "value cannot be converted to type int32 without overflow");
}

TEST_CASE("tensor(): the boxed op and requires_grad") {
  IValue nested =
      IValue::list({IValue::list({IValue(1), IValue(2)}), IValue::list({IValue(3), IValue(4)})});
  Stack r = ops::call("tensor", {nested});
  CHECK(r[0].to_tensor().dtype() == DType::Int64);
  CHECK(values<int64_t>(r[0].to_tensor()) == std::vector<int64_t>{1, 2, 3, 4});
  r = ops::call("tensor", {IValue(3)});
  CHECK(r[0].to_tensor().dtype() == DType::Int64);
  r = ops::call("tensor", {IValue(3)}, {{"dtype", IValue(DType::Float16)}});
  CHECK(r[0].to_tensor().dtype() == DType::Float16);
  r = ops::call("tensor", {IValue(2.5)});
  CHECK(r[0].to_tensor().dtype() == DType::Float32);
  r = ops::call("tensor", {IValue(false)});
  CHECK(r[0].to_tensor().dtype() == DType::Bool);
  CHECK(std::string(error_of([&] {
                      ops::call("tensor", {nested}, {{"requires_grad", IValue(true)}});
                    }).what()) ==
        "Only Tensors of floating point and complex dtype can require gradients");
  // requires_grad=True on a float tensor makes a leaf that requires grad.
  TensorOptions o(DType::Float32);
  o.requires_grad = true;
  Tensor leaf = tensor({1.0}, o);
  CHECK(leaf.requires_grad());
  CHECK(leaf.is_leaf());
  CHECK(repr(leaf) == "tensor([1.], requires_grad=True)");
}
