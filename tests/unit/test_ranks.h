// Ranks as threads of the unit-test process: each thread runs its own ProcessGroupGloo over one
// shared HashStore (tests of the Gloo process group and of hang forensics).
#pragma once

#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "distributed/process_group_gloo.h"
#include "distributed/store.h"

namespace ts::test {

// Runs body(rank, pg) on `world` threads, each with its own group (collective timeout
// `timeout`) over one store. Returns each rank's error message ("" when it ran through); checks
// belong on the calling thread.
inline std::vector<std::string> run_ranks(int world, const std::function<void(int, distributed::ProcessGroupGloo&)>& body,
                                          distributed::Millis timeout = distributed::Millis{20'000}) {
  auto store = std::make_shared<distributed::HashStore>();
  std::vector<std::string> errors(static_cast<size_t>(world));
  std::vector<std::thread> threads;
  for (int r = 0; r < world; ++r) {
    threads.emplace_back([&, r] {
      try {
        distributed::ProcessGroupGloo pg(store, r, world, timeout);
        body(r, pg);
      } catch (const std::exception& e) {
        errors[size_t(r)] = e.what();
      }
    });
  }
  for (auto& t : threads) t.join();
  return errors;
}

}  // namespace ts::test
