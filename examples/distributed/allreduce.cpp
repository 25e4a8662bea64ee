// torch.distributed from C++: WORLD_SIZE ranks (default 4), each a thread of this process with its
// own ProcessGroupGloo over one in-process HashStore, issue two allreduces without waiting, then
// wait for both and print what every rank holds. examples/distributed/allreduce.py computes the
// same values with PyTorch; tests/cli/run compares both with allreduce.expected.
//   distributed_allreduce [WORLD_SIZE]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "distributed/process_group_gloo.h"
#include "ts.h"

using namespace ts;
using namespace ts::distributed;

int main(int argc, char** argv) {
  int world = argc > 1 ? std::atoi(argv[1]) : 4;
  if (argc > 2 || world < 1 || world > 64) {
    std::fprintf(stderr, "usage: distributed_allreduce [WORLD_SIZE, 1 to 64]\n");
    return 2;
  }
  auto store = std::make_shared<HashStore>();
  std::vector<std::string> lines(static_cast<size_t>(world));
  std::vector<int> failed(static_cast<size_t>(world), 0);
  std::vector<std::thread> ranks;
  for (int rank = 0; rank < world; ++rank) {
    ranks.emplace_back([&, rank] {
      try {
        ProcessGroupGloo pg(store, rank, world, std::chrono::seconds(30));
        Tensor t = full({4}, rank + 1.0);          // float32: rank + 1 everywhere
        Tensor m = arange(4) * int64_t(rank + 1);  // int64: 0, r + 1, 2 (r + 1), 3 (r + 1)
        std::vector<WorkPtr> works;
        works.push_back(pg.allreduce(t, ReduceOp::SUM));
        works.push_back(pg.allreduce(m, ReduceOp::MAX));
        for (auto& w : works) w->wait();
        lines[size_t(rank)] = "rank " + std::to_string(rank) + ": sum " + repr(t) + ", max " + repr(m);
      } catch (const std::exception& e) {
        lines[size_t(rank)] = "rank " + std::to_string(rank) + ": " + e.what();
        failed[size_t(rank)] = 1;
      }
    });
  }
  for (auto& r : ranks) r.join();
  int status = 0;
  for (int rank = 0; rank < world; ++rank) {
    std::printf("%s\n", lines[size_t(rank)].c_str());
    status |= failed[size_t(rank)];
  }
  return status;
}
