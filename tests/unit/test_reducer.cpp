// src/distributed/reducer.h: DistributedDataParallel's bucket assignment, before and after the
// rebuild that follows the first iteration, for parameters of several sizes and dtypes and
// several bucket caps. The expected buckets are PyTorch 1.13's for the same parameters: a DDP
// of world size 1 (FileStore) over an nn.ParameterList whose forward is
// `y = x; for p in ps: y = y * p.to(torch.float32).sum()`, its buckets read with
// `model.reducer._get_zeros_like_grad_buckets()` (parameter indices) after construction and
// again after one forward/backward and the next forward.
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "autograd/autograd.h"
#include "distributed/process_group_gloo.h"
#include "distributed/reducer.h"
#include "ops/api_binary.h"
#include "ops/api_creation.h"
#include "ops/api_reduce.h"
#include "test_util.h"

using namespace ts;
using namespace ts::distributed;

namespace {

using Buckets = std::vector<std::vector<size_t>>;

struct Case {
  const char* name;
  std::vector<int64_t> sizes;
  std::vector<DType> dtypes;
  double cap_mb;
  bool find_unused;
  Buckets initial, rebuilt;
};

// Runs one iteration of the chain on a world of one and returns the buckets before and after.
std::pair<Buckets, Buckets> run(const Case& c) {
  auto store = std::make_shared<HashStore>();
  auto pg = std::make_shared<ProcessGroupGloo>(store, 0, 1, Millis{20'000});
  std::vector<Tensor> params;
  for (size_t i = 0; i < c.sizes.size(); ++i)
    params.push_back(ones({c.sizes[i]}, TensorOptions(c.dtypes[i])).requires_grad_());
  ReducerOptions o;
  o.bucket_cap_bytes = int64_t(c.cap_mb * 1024 * 1024);  // DDP's int(bucket_cap_mb * 1024 * 1024)
  o.find_unused_parameters = c.find_unused;
  auto reducer = Reducer::create(params, pg, o);
  Buckets before = reducer->bucket_indices();
  reducer->prepare_for_forward();
  Tensor y = ones({2});
  for (const Tensor& p : params) y = mul(y, sum(p.to(DType::Float32)));
  reducer->prepare_for_backward({y});
  autograd::backward({sum(y)});
  reducer->prepare_for_forward();
  return {before, reducer->bucket_indices()};
}

}  // namespace

TEST_CASE("reducer: bucket assignment and rebuild as PyTorch 1.13's DDP") {
  const DType F = DType::Float32, D = DType::Float64;
  const std::vector<Case> cases = {
      // Without find_unused_parameters: one bucket per dtype, then buckets in gradient order
      // (the last parameter's first), the first closed at 1 MiB and the others at the cap.
      {"A", {10, 300 * 300, 5, 1000 * 100, 7}, {F, F, F, F, F}, 0.25, false, {{0, 1, 2, 3, 4}}, {{4, 3, 2, 1, 0}}},
      {"B", {100, 200, 300, 400, 50}, {F, F, F, F, F}, 0.001, false, {{0, 1, 2, 3, 4}}, {{4, 3, 2, 1, 0}}},
      {"C", {100, 200, 300, 400, 50, 60}, {F, D, F, D, F, D}, 0.002, false, {{1, 3, 5}, {0, 2, 4}},
       {{4, 2, 0}, {5, 3, 1}}},
      {"D", {300000, 10, 300000, 10}, {F, F, F, F}, 25, false, {{0, 1, 2, 3}}, {{3, 2}, {1, 0}}},
      {"E", {70000, 70000, 70000, 70000, 70000, 10}, {F, F, F, F, F, F}, 0.5, false, {{0, 1, 2, 3, 4, 5}},
       {{5, 4, 3, 2, 1}, {0}}},
      // With find_unused_parameters: the limits from the start, and no rebuild.
      {"A", {10, 300 * 300, 5, 1000 * 100, 7}, {F, F, F, F, F}, 0.25, true, {{0, 1, 2, 3, 4}}, {{0, 1, 2, 3, 4}}},
      {"C", {100, 200, 300, 400, 50, 60}, {F, D, F, D, F, D}, 0.002, true, {{1, 3, 5}, {0, 2, 4}},
       {{1, 3, 5}, {0, 2, 4}}},
      {"D", {300000, 10, 300000, 10}, {F, F, F, F}, 25, true, {{1, 2, 3}, {0}}, {{1, 2, 3}, {0}}},
      {"E", {70000, 70000, 70000, 70000, 70000, 10}, {F, F, F, F, F, F}, 0.5, true, {{4, 5}, {0, 1, 2, 3}},
       {{4, 5}, {0, 1, 2, 3}}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    CAPTURE(c.find_unused);
    auto [before, after] = run(c);
    CHECK(before == c.initial);
    CHECK(after == c.rebuilt);
  }
}
