// Column sums (sum, mean and nansum over a dim that is not the innermost) and row sums (over the
// innermost dim) bit for bit against
// PyTorch 1.13's CPU kernel: tests/golden/colsum.json, written by tools/gen_colsum_golden.py
// from inputs that hashed() below rebuilds exactly. Each case runs with 1 and 2 threads.
#include <doctest/doctest.h>
#include <omp.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ops/ops.h"
#include "test_util.h"

using namespace ts;
using test::bit_patterns;
using test::fnv;
using test::golden_json;
using test::with_threads;

namespace {

// The generator's hashed(n, seed, span) with NaN at every `nan_every`-th element, as `dtype`.
Tensor hashed(IntArrayRef shape, uint64_t seed, DType dtype, int64_t nan_every) {
  Tensor t = empty(shape, DType::Float64);
  double* p = t.data<double>();
  for (int64_t i = 0; i < t.numel(); ++i) {
    uint64_t h = (uint64_t(i) * 2654435761ull + seed * 97 + 12345) & 0xFFFFFFFFull;
    h = (h * 2246822519ull + 3266489917ull) & 0xFFFFFFFFull;
    const int64_t m = int64_t((h >> 8) & 0xFFFF) - 32768;
    const int span = dtype == DType::Float64 ? 128 : 24;
    const int e = int((h >> 24) % span) - span / 2;
    p[i] = std::ldexp(double(m), e);
    if (nan_every && i % nan_every == 0) p[i] = std::numeric_limits<double>::quiet_NaN();
  }
  return t.to(dtype);
}

Tensor run_case(const nlohmann::json& c, const Tensor& x) {
  const std::string op = c["op"];
  const int64_t dim = c["dim"];
  std::optional<DType> out_dtype;
  if (c.contains("out_dtype")) out_dtype = dtype_from_name(c["out_dtype"].get<std::string>());
  if (op == "sum") return sum(x, dim, false, out_dtype);
  if (op == "mean") return mean(x, dim);
  return nansum(x, OptDims({dim}));
}

// Checks every golden case whose op and input dtype match, over the innermost dim (rows) or
// another (columns); returns how many it checked.
int check_cases(const std::string& op, const std::string& dtype, bool big, bool rows = false) {
  int n = 0;
  for (const auto& c : golden_json("colsum.json")["cases"]) {
    if (c["op"] != op || c["dtype"] != dtype) continue;
    std::vector<int64_t> shape = c["shape"].get<std::vector<int64_t>>();
    if ((c["dim"].get<size_t>() + 1 == shape.size()) != rows) continue;
    int64_t numel = 1;
    for (int64_t s : shape) numel *= s;
    if ((numel > 1000000) != big) continue;
    const Tensor x = hashed(shape, c["seed"].get<uint64_t>(), *dtype_from_name(dtype),
                            c["nan_every"].get<int64_t>());
    for (int nt : {1, 2}) {
      const Tensor r = with_threads(nt, [&] { return run_case(c, x); });
      std::string what = op + " " + c["shape"].dump() + " dim " + c["dim"].dump() + " threads " +
                         std::to_string(nt);
      INFO(what);
      REQUIRE(r.numel() == c["numel"].get<int64_t>());
      const auto bits = bit_patterns(r);
      if (c.contains("bits")) {
        const auto want = c["bits"].get<std::vector<uint64_t>>();
        size_t first_bad = bits.size();
        for (size_t i = 0; i < bits.size() && first_bad == bits.size(); ++i)
          if (bits[i] != want[i]) first_bad = i;
        INFO("first differing output ", first_bad);
        CHECK(first_bad == bits.size());
      }
      CHECK(fnv(bits) == c["hash"].get<std::string>());
    }
    ++n;
  }
  return n;
}

}  // namespace

TEST_CASE("colsum: float32 sum over dim 0 matches PyTorch bit for bit") {
  CHECK(check_cases("sum", "float32", false) == 390);
}

TEST_CASE("colsum: float32 sums of over 10^6 elements (2^19 rows and more) match PyTorch") {
  CHECK(check_cases("sum", "float32", true) == 4);
  CHECK(check_cases("mean", "float32", true) == 1);
}

TEST_CASE("colsum: float32 mean over dim 0 and 1 matches PyTorch bit for bit") {
  CHECK(check_cases("mean", "float32", false) == 66);
}

TEST_CASE("colsum: float64 sum over dim 0 matches PyTorch bit for bit") {
  CHECK(check_cases("sum", "float64", false) == 99);
}

TEST_CASE("colsum: nansum over dim 0 matches PyTorch bit for bit") {
  CHECK(check_cases("nansum", "float32", false) == 4);
}

TEST_CASE("rowsum: float32 sum, mean and nansum over the innermost dim match PyTorch bit for bit") {
  CHECK(check_cases("sum", "float32", false, true) == 69);
  CHECK(check_cases("sum", "float32", true, true) == 2);
  CHECK(check_cases("mean", "float32", false, true) == 13);
  CHECK(check_cases("nansum", "float32", false, true) == 5);
}

TEST_CASE("rowsum: float64 sum over the innermost dim matches PyTorch bit for bit") {
  CHECK(check_cases("sum", "float64", false, true) == 13);
}
