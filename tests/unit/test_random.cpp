// The CPU random generator against PyTorch 1.13: tests/golden/random.json (written by
// tools/gen_random_golden.py with Debian's PyTorch) holds raw result bytes for every sampler,
// dtype, seed and size; these tests replay each case's steps through the C++ API and compare
// bit for bit. Plus the engine against std::mt19937, PyTorch's printed test vectors, error
// messages, state round trips, the registry bindings and concurrent use.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "ops/api_random.h"
#include "ops/registry.h"
#include "tensor/random.h"
#include "test_util.h"

using namespace ts;
using test::error_of;
using test::golden_json;
using nlohmann::json;

namespace {

std::vector<uint8_t> from_hex(const std::string& s) {
  std::vector<uint8_t> out(s.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) out[i] = uint8_t(std::stoul(s.substr(2 * i, 2), nullptr, 16));
  return out;
}

std::string to_hex(const std::vector<uint8_t>& b, size_t limit = 64) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < b.size() && i < limit; ++i) {
    s += d[b[i] >> 4];
    s += d[b[i] & 15];
  }
  return s;
}

uint64_t fnv1a(const std::vector<uint8_t>& b) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint8_t x : b) {
    h ^= x;
    h *= 0x100000001b3ull;
  }
  return h;
}

DType dtype_of(const json& step) {
  auto t = dtype_from_name(step.value("dtype", std::string("float32")));
  REQUIRE(t.has_value());
  return *t;
}

// The raw bytes of `t`'s elements in logical (row-major) order.
std::vector<uint8_t> logical_bytes(const Tensor& t) {
  const size_t es = t.element_size();
  std::vector<uint8_t> out;
  out.reserve(size_t(t.numel()) * es);
  const auto* base = static_cast<const uint8_t*>(t.data_ptr());
  std::vector<int64_t> idx(size_t(t.dim()), 0);
  for (int64_t n = 0; n < t.numel(); ++n) {
    int64_t off = 0;
    for (size_t d = 0; d < idx.size(); ++d) off += idx[d] * t.strides()[d];
    out.insert(out.end(), base + off * int64_t(es), base + (off + 1) * int64_t(es));
    for (int64_t d = t.dim() - 1; d >= 0; --d) {
      if (++idx[size_t(d)] < t.sizes()[size_t(d)]) break;
      idx[size_t(d)] = 0;
    }
  }
  return out;
}

Tensor tensor_from_bytes(const std::string& hex, DType dtype, const std::vector<int64_t>& size) {
  std::vector<uint8_t> b = from_hex(hex);
  Tensor t = empty(size, TensorOptions(dtype));
  REQUIRE(b.size() == t.nbytes());
  std::memcpy(t.data_ptr(), b.data(), b.size());
  return t;
}

// The tensor an in-place step writes: contiguous, every second element, or transposed.
Tensor make_target(const json& step) {
  std::vector<int64_t> size = step["size"].get<std::vector<int64_t>>();
  DType dt = dtype_of(step);
  std::string view = step.value("view", std::string("contiguous"));
  if (view == "strided") {
    Tensor base = empty({2 * size[0]}, TensorOptions(dt));
    return make_view(base, DimVector{size[0]}, DimVector{2}, 0);
  }
  if (view == "t") {
    Tensor base = empty({size[1], size[0]}, TensorOptions(dt));
    return make_view(base, DimVector{size[0], size[1]}, DimVector{1, size[0]}, 0);
  }
  return empty(size, TensorOptions(dt));
}

Tensor p_tensor(const json& step) {
  auto pt = dtype_from_name(step["p_dtype"].get<std::string>());
  REQUIRE(pt.has_value());
  return tensor_from_bytes(step["p_bytes"].get<std::string>(), *pt,
                           step["p_size"].get<std::vector<int64_t>>());
}

Tensor run_step(const json& s) {
  const std::string op = s["op"].get<std::string>();
  if (op == "rand") return rand(s["size"].get<std::vector<int64_t>>(), dtype_of(s));
  if (op == "randn") return randn(s["size"].get<std::vector<int64_t>>(), dtype_of(s));
  if (op == "rand_like") return rand_like(make_target(s));
  if (op == "randn_like") return randn_like(make_target(s));
  if (op == "randint")
    return randint(s["low"].get<int64_t>(), s["high"].get<int64_t>(),
                   s["size"].get<std::vector<int64_t>>(), dtype_of(s));
  if (op == "randperm") return randperm(s["n"].get<int64_t>(), dtype_of(s));
  if (op == "uniform_") return uniform_(make_target(s), s["from"].get<double>(), s["to"].get<double>());
  if (op == "normal_") return normal_(make_target(s), s["mean"].get<double>(), s["std"].get<double>());
  if (op == "bernoulli_scalar") return bernoulli_(make_target(s), s["p"].get<double>());
  if (op == "bernoulli_tensor") return bernoulli_(make_target(s), p_tensor(s));
  if (op == "bernoulli") return bernoulli(p_tensor(s));
  if (op == "random_") {
    Tensor t = make_target(s);
    const json& a = s["args"];
    if (a.empty()) return random_(t);
    if (a.size() == 1) return random_(t, a[0].get<int64_t>());
    std::optional<int64_t> to;
    if (!a[1].is_null()) to = a[1].get<int64_t>();
    return random_(t, a[0].get<int64_t>(), to);
  }
  if (op == "get_state") return default_generator().get_state();
  if (op == "set_state") {
    const std::string& st = s["state"].get_ref<const std::string&>();
    default_generator().set_state(tensor_from_bytes(st, DType::UInt8, {int64_t(st.size() / 2)}));
    return Tensor();
  }
  FAIL("unknown step op ", op);
  return Tensor();
}

// Why `t` differs from the expected encoding; empty when it matches bit for bit.
std::string mismatch(const Tensor& t, const json& expect) {
  std::vector<uint8_t> got = logical_bytes(t);
  if (expect.contains("bytes")) {
    std::vector<uint8_t> want = from_hex(expect["bytes"].get<std::string>());
    if (got == want) return "";
    size_t i = 0;
    while (i < got.size() && i < want.size() && got[i] == want[i]) ++i;
    return "first differing byte " + std::to_string(i) + " of " + std::to_string(want.size()) +
           "; got " + to_hex(got) + " want " + to_hex(want);
  }
  std::vector<uint8_t> head = from_hex(expect["head"].get<std::string>());
  std::vector<uint8_t> got_head(got.begin(), got.begin() + std::min(got.size(), head.size()));
  if (got_head != head) return "head differs: got " + to_hex(got_head) + " want " + to_hex(head);
  if (got.size() != expect["nbytes"].get<size_t>()) return "size differs";
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fnv1a(got)));
  if (buf != expect["fnv1a"].get<std::string>()) return "hash of all bytes differs (head matches)";
  return "";
}

// Replays every golden case whose name starts with `prefix`; returns how many ran.
int run_golden(const std::string& prefix) {
  int ran = 0;
  for (const json& c : golden_json("random.json")["cases"]) {
    const std::string name = c["name"].get<std::string>();
    if (name.rfind(prefix, 0) != 0) continue;
    ++ran;
    manual_seed(c["seed"].get<uint64_t>());
    int k = 0;
    for (const json& s : c["steps"]) {
      Tensor r = run_step(s);
      if (s.contains("expect")) {
        std::string why = mismatch(r, s["expect"]);
        CHECK_MESSAGE(why.empty(), name, " step ", k, " (", s["op"].get<std::string>(), "): ", why);
      }
      ++k;
    }
  }
  return ran;
}

}  // namespace

TEST_CASE("random: MT19937 matches std::mt19937, an independent implementation") {
  for (uint32_t seed : {0u, 1u, 42u, 5489u, 987654321u}) {
    MT19937 ours(seed);
    std::mt19937 ref(seed);
    for (int i = 0; i < 5000; ++i) REQUIRE(ours() == ref());
  }
  // Only the low 32 bits of a seed reach the state; the full seed is remembered.
  MT19937 a(uint64_t(1) << 32 | 5), b(5);
  for (int i = 0; i < 1000; ++i) REQUIRE(a() == b());
  CHECK(a.seed_ == (uint64_t(1) << 32 | 5));
  // PyTorch's documented first draws of seed 42.
  MT19937 c(42);
  CHECK(c() == 1608637542u);
  CHECK(c() == 3421126067u);
  CHECK(c() == 4083286876u);
}

TEST_CASE("random: PyTorch's printed test vectors") {
  manual_seed(0);
  Tensor r = rand({5});
  const float want_r[] = {0.4963f, 0.7682f, 0.0885f, 0.1320f, 0.3074f};
  for (int i = 0; i < 5; ++i) CHECK(r.data<float>()[i] == doctest::Approx(want_r[i]).epsilon(6e-4));
  manual_seed(0);
  Tensor n = randn({5});
  const float want_n[] = {1.5410f, -0.2934f, -2.1788f, 0.5684f, -1.0845f};
  for (int i = 0; i < 5; ++i) CHECK(n.data<float>()[i] == doctest::Approx(want_n[i]).epsilon(2e-4));
  manual_seed(0);
  Tensor m = randn({16});
  const float want_m[] = {-1.1258f, -1.1524f, -0.2506f, -0.4339f, 0.8487f, 0.6920f, -0.3160f, -2.1152f};
  for (int i = 0; i < 8; ++i) CHECK(m.data<float>()[i] == doctest::Approx(want_m[i]).epsilon(2e-4));
}

TEST_CASE("random: golden rand") { CHECK(run_golden("rand/") == 528); }
TEST_CASE("random: golden randn") { CHECK(run_golden("randn/") == 530); }
TEST_CASE("random: golden randn cache carry-over") { CHECK(run_golden("randn-cache/") == 13); }
TEST_CASE("random: golden uniform_") { CHECK(run_golden("uniform_/") == 528); }
TEST_CASE("random: golden normal_") { CHECK(run_golden("normal_/") == 532); }
TEST_CASE("random: golden rand_like / randn_like") { CHECK(run_golden("like/") == 2); }
TEST_CASE("random: golden randint") { CHECK(run_golden("randint/") == 270); }
TEST_CASE("random: golden random_") { CHECK(run_golden("random_/") == 152); }
TEST_CASE("random: golden randperm") { CHECK(run_golden("randperm/") == 6); }
TEST_CASE("random: golden bernoulli") { CHECK(run_golden("bernoulli") == 143); }
TEST_CASE("random: golden generator state") { CHECK(run_golden("state/") == 8); }
TEST_CASE("random: golden long mixed run") { CHECK(run_golden("mixed/") == 1); }

TEST_CASE("random: explicit generators and seeds") {
  Generator g;  // PyTorch's torch.Generator() seed
  CHECK(g.initial_seed() == 67280421310721ull);
  g.manual_seed(uint64_t(1) << 32 | 5);
  CHECK(g.initial_seed() == (uint64_t(1) << 32 | 5));
  // A generator passed explicitly leaves the default one alone.
  manual_seed(1234);
  Tensor before = default_generator().get_state();
  Generator h(1234);
  Tensor a = randn({7}, {}, &h);
  Tensor after = default_generator().get_state();
  CHECK(std::memcmp(before.data_ptr(), after.data_ptr(), 5056) == 0);
  manual_seed(1234);
  Tensor b = randn({7});
  CHECK(std::memcmp(a.data_ptr(), b.data_ptr(), 7 * sizeof(float)) == 0);
  // seed() reseeds and reports it; two draws of it differ with overwhelming probability.
  uint64_t s1 = h.seed(), s2 = h.seed();
  CHECK(s1 != s2);
  CHECK(h.initial_seed() == s2);
}

TEST_CASE("random: state round trip and caches") {
  Generator g(7);
  Tensor r0 = randn({3}, DType::Float64, &g);  // leaves a cached double sample
  REQUIRE(g.next_double_normal_sample().has_value());
  Tensor st = g.get_state();
  CHECK(st.dtype() == DType::UInt8);
  CHECK(st.numel() == 5056);
  Tensor a = randn({5}, DType::Float64, &g);
  g.set_state(st);
  Tensor b = randn({5}, DType::Float64, &g);
  CHECK(std::memcmp(a.data_ptr(), b.data_ptr(), 5 * sizeof(double)) == 0);
  // manual_seed drops the cache.
  g.manual_seed(7);
  CHECK_FALSE(g.next_double_normal_sample().has_value());
  // The float cache is stored too (byte 5048 onwards), though no sampler here sets it.
  g.set_next_float_normal_sample(1.5f);
  Tensor st2 = g.get_state();
  float f;
  std::memcpy(&f, static_cast<char*>(st2.data_ptr()) + 5048, 4);
  CHECK(f == 1.5f);
  CHECK(static_cast<char*>(st2.data_ptr())[5052] == 1);
  Generator h;
  h.set_state(st2);
  CHECK(h.next_float_normal_sample() == std::optional<float>(1.5f));
}

TEST_CASE("random: set_state errors in PyTorch's words") {
  Generator g;
  CHECK(error_of([&] { g.set_state(empty({5}, DType::Float32)); }) ==
        "RNG state must be a torch.ByteTensor");
  CHECK(error_of([&] { g.set_state(empty({5}, DType::UInt8)); }) ==
        "Expected either a CPUGeneratorImplStateLegacy of size 5048 or a CPUGeneratorImplState "
        "of size 5056 but found the input RNG state size to be 5");
  Tensor st = g.get_state();
  std::memset(static_cast<char*>(st.data_ptr()) + 8, 0, 4);  // left = 0
  CHECK(error_of([&] { g.set_state(st); }) == "Invalid mt19937 state");
}

TEST_CASE("random: argument errors in PyTorch's words") {
  Tensor f = empty({3});
  Tensor l = empty({3}, DType::Int64);
  CHECK(error_of([&] { uniform_(f, 5, 2); }) ==
        "uniform_ expects to return a [from, to) range, but found from=5 > to=2");
  CHECK(error_of([&] { uniform_(f, -1e39, 1e39); }) == "from is out of bounds for float");
  CHECK(error_of([&] { uniform_(f, -3e38, 3e38); }) ==
        "uniform_ expects to-from <= std::numeric_limits<Float>::max(), but found to=3e+38 and "
        "from=-3e+38 which result in to-from to exceed the limit");
  CHECK(error_of([&] { uniform_(l, 0, 1); }) == "\"check_uniform_bounds\" not implemented for 'Long'");
  CHECK(error_of([&] { uniform_(empty({0}), 3, 1); }) ==
        "uniform_ expects to return a [from, to) range, but found from=3 > to=1");
  CHECK(error_of([&] { normal_(f, 0, -1); }) == "normal expects std >= 0.0, but found std -1");
  CHECK(error_of([&] { normal_(l, 0, 1); }) == "\"normal_kernel_cpu\" not implemented for 'Long'");
  CHECK(error_of([&] { randn({3}, DType::Int64); }) == "\"normal_kernel_cpu\" not implemented for 'Long'");
  CHECK(error_of([&] { rand({3}, DType::Int64); }) == "\"check_uniform_bounds\" not implemented for 'Long'");
  CHECK(error_of([&] { randint(5, 2, {3}); }) ==
        "random_ expects 'from' to be less than 'to', but got from=5 >= to=2");
  CHECK(error_of([&] { randint(3, {3}, DType::Bool); }) == "to - 1 is out of bounds for bool");
  CHECK(error_of([&] { randint(-1, 3, {3}, DType::UInt8); }) == "from is out of bounds for unsigned char");
  CHECK(error_of([&] { randint(0, 300, {3}, DType::UInt8); }) == "to - 1 is out of bounds for unsigned char");
  CHECK(error_of([&] { randperm(-1); }) == "Trying to create tensor with negative dimension -1: [-1]");
  CHECK(error_of([&] { randperm(3000, DType::Float16); }) == "n cannot be greater than 2049 for Half type.");
  CHECK(error_of([&] { randperm(70000, DType::Float16); }) ==
        "value cannot be converted to type at::Half without overflow");
  CHECK(error_of([&] { randperm(3, DType::Bool); }) == "\"randperm\" not implemented for 'Bool'");
  CHECK(error_of([&] { randperm(300, DType::Int8); }) == "value cannot be converted to type int8_t without overflow");
  CHECK(error_of([&] { bernoulli_(f, 1.5); }) == "bernoulli_ expects p to be in [0, 1], but got p=1.5");
  CHECK(error_of([&] { bernoulli_(f, -0.1); }) == "bernoulli_ expects p to be in [0, 1], but got p=-0.1");
  Tensor p = empty({3}, DType::Float64);
  p.data<double>()[0] = 0.5;
  p.data<double>()[1] = 2.0;
  p.data<double>()[2] = 0.1;
  CHECK(error_of([&] { bernoulli_(f, p); }) ==
        "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be "
        "improved?  If so, please report an enhancement request to PyTorch.)");
  CHECK(error_of([&] { bernoulli_(f, empty({2})); }) ==
        "The expanded size of the tensor (3) must match the existing size (2) at non-singleton "
        "dimension 0.  Target sizes: [3].  Tensor sizes: [2]");
  CHECK(error_of([&] { bernoulli_(empty({3}, DType::Float16), 0.5); }) ==
        "\"bernoulli_scalar_cpu_\" not implemented for 'Half'");
  CHECK(error_of([&] { bernoulli_(f, empty({3}, DType::Int64)); }) ==
        "\"bernoulli_tensor_cpu_p_\" not implemented for 'Long'");
  CHECK(error_of([&] { bernoulli(empty({3}, DType::Float16)); }) ==
        "\"bernoulli_tensor_cpu_self_\" not implemented for 'Half'");
  CHECK(error_of([&] { random_(f, 5, 2); }) ==
        "random_ expects 'from' to be less than 'to', but got from=5 >= to=2");
  CHECK(error_of([&] { random_(f, int64_t(0)); }) ==
        "random_ expects 'from' to be less than 'to', but got from=0 >= to=0");
  CHECK(error_of([&] { random_(empty({3}, DType::Int8), int64_t(-200)); }) ==
        "random_ expects 'from' to be less than 'to', but got from=0 >= to=-200");
  CHECK(error_of([&] { random_(empty({3}, DType::Float16), 0, int64_t(1) << 20); }) ==
        "to - 1 is out of bounds for c10::Half");
  CHECK(error_of([&] { random_(empty({3}, DType::UInt8), INT64_MIN, std::nullopt); }) ==
        "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16");
  CHECK(error_of([&] { random_(empty({3}, DType::Float16), INT64_MIN, std::nullopt); }) ==
        "\"random_full_64_bits_range_kernel_cpu\" not implemented for 'Half'");
  CHECK(error_of([&] { random_(empty({3}, DType::Int16), -40000, std::nullopt); }) ==
        "from is out of bounds for short int");
  CHECK(error_of([&] { rand({2, 3}, Device(DeviceType::CUDA)); }).starts_with(
      "Torch not compiled with CUDA enabled"));
  const std::string overlap =
      "unsupported operation: more than one element of the written-to tensor refers to a single "
      "memory location. Please clone() the tensor before performing the operation.";
  Tensor expanded = make_view(empty({3}), DimVector{2, 3}, DimVector{0, 1}, 0);
  CHECK(error_of([&] { normal_(expanded); }) == overlap);
  CHECK(error_of([&] { uniform_(expanded); }) == overlap);
  CHECK(error_of([&] { bernoulli_(expanded, 0.5); }) == overlap);
  CHECK(error_of([&] { random_(expanded); }) == overlap);
  TensorOptions grad;
  grad.requires_grad = true;
  CHECK(error_of([&] { randint(3, {2}, grad); }) ==
        "Only Tensors of floating point and complex dtype can require gradients");
  CHECK(error_of([&] { randperm(3, grad); }) ==
        "Only Tensors of floating point and complex dtype can require gradients");
  Tensor leaf = rand({2}, grad);  // a float leaf that requires grad
  CHECK(leaf.requires_grad());
  CHECK(leaf.is_leaf());
  CHECK(error_of([&] { ops::call("rand", {IValue(IntArrayRef{2})}, {{"pin_memory", IValue(true)}}); }) ==
        "Pinned memory requires CUDA.");
}

TEST_CASE("random: in-place samplers bump the version counter and return self") {
  Tensor t = empty({4, 5});
  uint32_t v = t.version();
  CHECK(uniform_(t).is_same(t));
  CHECK(t.version() > v);
  v = t.version();
  normal_(t);
  CHECK(t.version() > v);
  v = t.version();
  Tensor tt = make_view(t, DimVector{5, 4}, DimVector{1, 5}, 0);  // a transposed view
  normal_(tt);  // the scalar path
  CHECK(t.version() > v);
  v = t.version();
  bernoulli_(t, 0.5);
  CHECK(t.version() > v);
  v = t.version();
  random_(t, 3);
  CHECK(t.version() > v);
}

TEST_CASE("random: registry bindings follow PyTorch's overloads") {
  using ops::call;
  manual_seed(42);
  Tensor a = call("randint", {IValue(int64_t(10)), IValue(IntArrayRef{6})})[0].to_tensor();
  CHECK(a.dtype() == DType::Int64);
  manual_seed(42);
  Tensor b = randint(10, {6});
  CHECK(std::memcmp(a.data_ptr(), b.data_ptr(), 6 * 8) == 0);
  Tensor c = call("randint", {IValue(int64_t(-5)), IValue(int64_t(5)), IValue(IntArrayRef{3})},
                  {{"dtype", IValue(DType::Float32)}})[0].to_tensor();
  CHECK(c.dtype() == DType::Float32);
  Tensor d = call("rand", {IValue(IntArrayRef{2, 3})}, {{"dtype", IValue(DType::Float64)}})[0].to_tensor();
  CHECK(d.dtype() == DType::Float64);
  CHECK(d.sizes() == IntArrayRef{2, 3});
  Tensor g = call("randn", {IValue(IntArrayRef{2})}, {{"generator", IValue()}})[0].to_tensor();
  CHECK(g.numel() == 2);
  // x.random_(5) is random_.to; x.random_(3, 9) is random_.from.
  Tensor t = empty({200}, DType::Int64);
  call("random_", {IValue(t), IValue(int64_t(5))});
  for (int64_t i = 0; i < 200; ++i) CHECK((t.data<int64_t>()[i] >= 0 && t.data<int64_t>()[i] < 5));
  call("random_", {IValue(t), IValue(int64_t(3)), IValue(int64_t(9))});
  for (int64_t i = 0; i < 200; ++i) CHECK((t.data<int64_t>()[i] >= 3 && t.data<int64_t>()[i] < 9));
  // bernoulli_ with a number picks the float overload, with a tensor the Tensor one.
  Tensor f = empty({50});
  call("bernoulli_", {IValue(f), IValue(1.0)});
  for (int64_t i = 0; i < 50; ++i) CHECK(f.data<float>()[i] == 1.0f);
  Tensor zeros_p = empty({50});
  std::memset(zeros_p.data_ptr(), 0, 50 * sizeof(float));
  call("bernoulli_", {IValue(f), IValue(zeros_p)});
  for (int64_t i = 0; i < 50; ++i) CHECK(f.data<float>()[i] == 0.0f);
  Tensor h = call("bernoulli", {IValue(f), IValue(1.0)})[0].to_tensor();
  for (int64_t i = 0; i < 50; ++i) CHECK(h.data<float>()[i] == 1.0f);
}

TEST_CASE("random: concurrent draws lose and repeat nothing") {
  constexpr int kPerThread = 20000;
  Generator shared(99);
  std::vector<uint32_t> got[2];
  std::thread th[2];
  for (int k = 0; k < 2; ++k)
    th[k] = std::thread([&, k] {
      for (int i = 0; i < kPerThread; ++i) got[k].push_back(shared.random());
    });
  for (auto& x : th) x.join();
  std::vector<uint32_t> all = got[0];
  all.insert(all.end(), got[1].begin(), got[1].end());
  std::mt19937 ref(99);
  std::vector<uint32_t> want(2 * kPerThread);
  for (auto& w : want) w = ref();
  std::sort(all.begin(), all.end());
  std::sort(want.begin(), want.end());
  CHECK(all == want);
}
