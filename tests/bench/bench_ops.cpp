// Op benchmarks: prints one JSON line per case {"case", "us"} (median microseconds per call).
// tools/bench runs this and the same cases in PyTorch, then prints the ratios.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "ts.h"

using namespace ts;
using Clock = std::chrono::steady_clock;

namespace {

// Median over `reps` batches of the time per call, each batch running >= 50 ms.
double time_us(const std::function<void()>& fn, int reps = 7) {
  fn();
  fn();
  int64_t n = 1;
  for (;;) {
    auto t0 = Clock::now();
    for (int64_t i = 0; i < n; ++i) fn();
    double s = std::chrono::duration<double>(Clock::now() - t0).count();
    if (s > 0.05) break;
    n *= 2;
  }
  std::vector<double> v;
  for (int r = 0; r < reps; ++r) {
    auto t0 = Clock::now();
    for (int64_t i = 0; i < n; ++i) fn();
    v.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / double(n));
  }
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

Tensor filled(IntArrayRef shape, float lo, float hi) {
  manual_seed(0);
  Tensor t = rand(shape);
  return t * Scalar(double(hi - lo)) + Scalar(double(lo));
}

}  // namespace

int main(int argc, char** argv) {
  omp_set_num_threads(2);
  std::map<std::string, std::function<std::function<void()>()>> cases;
  const int64_t n4m = 4 * 1024 * 1024;
  cases["add_4M"] = [&] {
    Tensor a = filled({n4m}, -1, 1), b = filled({n4m}, -1, 1);
    return [=] { (void)add(a, b); };
  };
  cases["mul_4M"] = [&] {
    Tensor a = filled({n4m}, -1, 1), b = filled({n4m}, -1, 1);
    return [=] { (void)mul(a, b); };
  };
  cases["sum_4M"] = [&] {
    Tensor a = filled({n4m}, -1, 1);
    return [=] { (void)sum(a); };
  };
  cases["mean_4M"] = [&] {
    Tensor a = filled({n4m}, -1, 1);
    return [=] { (void)mean(a); };
  };
  cases["mm_1024"] = [&] {
    Tensor a = filled({1024, 1024}, -1, 1), b = filled({1024, 1024}, -1, 1);
    return [=] { (void)mm(a, b); };
  };
  cases["add_5"] = [&] {
    Tensor a = filled({5}, -1, 1), b = filled({5}, -1, 1);
    return [=] { (void)add(a, b); };
  };
  cases["index_select_rows"] = [&] {
    Tensor a = filled({16384, 256}, -1, 1);
    manual_seed(0);
    Tensor i = randint(16384, {8192});
    return [=] { (void)index_select(a, 0, i); };
  };
  cases["gather_dim1"] = [&] {
    Tensor a = filled({1024, 1024}, -1, 1);
    manual_seed(0);
    Tensor i = randint(1024, {1024, 1024});
    return [=] { (void)gather(a, 1, i); };
  };
  std::vector<std::string> names;
  for (int i = 1; i < argc; ++i) names.push_back(argv[i]);
  if (names.empty())
    for (auto& [k, v] : cases) names.push_back(k);
  for (const auto& name : names) {
    auto it = cases.find(name);
    if (it == cases.end()) {
      std::fprintf(stderr, "bench_ops: unknown case %s\n", name.c_str());
      return 2;
    }
    auto fn = it->second();
    std::printf("{\"case\": \"%s\", \"us\": %.4f}\n", name.c_str(), time_us(fn));
    std::fflush(stdout);
  }
  return 0;
}
