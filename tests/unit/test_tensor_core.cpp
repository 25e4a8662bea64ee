// Core tensor behaviour checked against PyTorch's documented results.
#include <doctest/doctest.h>

#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/iter.h"

using namespace ts;

TEST_CASE("promotion follows PyTorch's table") {
  CHECK(promote_types(DType::UInt8, DType::Int8) == DType::Int16);
  CHECK(promote_types(DType::Float16, DType::BFloat16) == DType::Float32);
  CHECK(promote_types(DType::Bool, DType::Int32) == DType::Int32);
  CHECK(promote_types(DType::Int64, DType::Float16) == DType::Float16);
}

TEST_CASE("result_type: 0-dim tensors and numbers take part less") {
  Tensor a = empty({3}, DType::Int32);
  Tensor z = empty({}, DType::Float64);
  CHECK(result_type(std::vector<Tensor>{a, z}) == DType::Float64);  // a 0-dim float of a higher category wins
  Tensor f16 = empty({3}, DType::Float16);
  CHECK(result_type(std::vector<Tensor>{f16, z}) == DType::Float16);
  CHECK(result_type(std::vector<Tensor>{a, scalar_to_tensor(Scalar(2.5))}) == DType::Float32);
  CHECK(result_type(std::vector<Tensor>{a, scalar_to_tensor(Scalar(int64_t(7)))}) == DType::Int32);
  Tensor u8 = empty({2}, DType::UInt8);
  Tensor i8z = empty({}, DType::Int8);
  CHECK(result_type(std::vector<Tensor>{u8, i8z}) == DType::UInt8);
}

TEST_CASE("broadcast error wording matches PyTorch") {
  Tensor a = empty({2, 3}), b = empty({4});
  try {
    add(a, b);
    FAIL("expected an error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()) ==
          "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
  }
}

TEST_CASE("add broadcasts, promotes and keeps values") {
  Tensor a = empty({2, 3}, DType::Int64);
  auto* p = a.data<int64_t>();
  for (int i = 0; i < 6; ++i) p[i] = i;
  Tensor r = add(a, scalar_to_tensor(Scalar(0.5)));
  CHECK(r.dtype() == DType::Float32);
  CHECK(r.data<float>()[5] == doctest::Approx(5.5));
  Tensor b = empty({3}, DType::Int64);
  b.fill_(10);
  Tensor s = a + b;
  CHECK(s.dtype() == DType::Int64);
  CHECK(s.data<int64_t>()[4] == 14);
}

TEST_CASE("boxed call through the registry picks the right overload") {
  Tensor a = empty({3}, DType::Float32);
  a.fill_(2);
  Stack out = ops::call("add", {IValue(a), IValue(int64_t(3))}, {{"alpha", IValue(int64_t(2))}});
  REQUIRE(out.size() == 1);
  CHECK(out[0].to_tensor().data<float>()[0] == 8.0f);
  CHECK_THROWS_AS(ops::call("add", {IValue(a), IValue("x")}), Error);
}

TEST_CASE("every registered schema round-trips through the parser") {
  for (const auto* op : ops::Registry::get().all()) {
    auto again = ops::parse_schema(op->schema.str());
    CHECK(again.str() == op->schema.str());
  }
}
